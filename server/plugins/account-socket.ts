// The account socket (/ws/account?token=): tells a user's open apps that their change log grew,
// so they pull GET /sync at once instead of at the next poll. It carries no data, only the new
// head. Frames: `{ type: "poke", seq, cursor }` (protocol/sync.ts AccountPoke), once on connect
// with the current head and then after each committed append (coalesced), and `{ type: "error",
// seq, code, message }` when the client sends anything (clients have nothing to send). `seq`
// counts every frame of the connection from 1.
//
// The token rides in the query (browsers cannot set headers on a websocket) and is redacted
// from logs (app.ts redactUrl). It is checked like a header token — on connect, before every
// poke and at every ping — and a failure closes the socket with 4401 (no or ended session) or
// 4403 (locked account), whose reason the app shows. A cross-site page cannot open this socket
// as the user: it has no token (there are no cookies).
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { AccountPoke } from "../../protocol/sync";
import { AccountHub } from "../domain/sync/account-hub";
import { PokeThrottle } from "../domain/sync/poke-throttle";
import type { AuthUser } from "./auth";
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";

export interface AccountSocketOptions {
  /** Ping interval; a socket that has not answered the previous ping is cut. Default 20 s. */
  pingIntervalMs?: number;
  /** At most one poke per socket per this many ms. Default 50. */
  coalesceMs?: number;
}

export interface AccountSockets {
  /** Takes over a freshly upgraded socket; `token` is the raw query value. */
  accept(socket: WebSocket, token: unknown): void;
}

declare module "fastify" {
  interface FastifyInstance {
    accountSockets: AccountSockets;
  }
}

export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;
const CLOSE_INTERNAL = 1011;
/** One error frame per this many ms at most: a chatty client must not make us chatty too. */
const ERROR_FRAME_INTERVAL_MS = 1000;

interface Connection {
  socket: WebSocket;
  token: string | null;
  alive: boolean;
  /** Set once authenticated and subscribed. */
  stop?: () => void;
}

export const accountSocketPlugin = globalPlugin<AccountSocketOptions>(
  "quanta-account-socket",
  async (app, options) => {
    const pingIntervalMs = options.pingIntervalMs ?? 20_000;
    const coalesceMs = options.coalesceMs ?? 50;
    const hub = new AccountHub(app.db, app.log);
    const connections = new Set<Connection>();
    let pinger: NodeJS.Timeout | null = null;

    const authenticate = (connection: Connection): Promise<AuthUser | null> =>
      app.authenticateToken(connection.token).catch((err: unknown) => {
        refuse(connection.socket, err, app.log);
        return null;
      });

    const ping = () => {
      for (const connection of connections) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
        // A session that ended (logout, expiry) or an account locked since the last check.
        if (connection.stop) void authenticate(connection);
      }
    };

    const accept = (socket: WebSocket, token: unknown) => {
      const connection: Connection = {
        socket,
        token: typeof token === "string" && TOKEN.test(token) ? token : null,
        alive: true,
      };
      connections.add(connection);
      pinger ??= setInterval(ping, pingIntervalMs).unref();
      let seq = 0;
      const send = (frame: Omit<AccountPoke, "seq"> | ErrorFrame) => {
        if (socket.readyState !== socket.OPEN) return;
        seq += 1;
        socket.send(JSON.stringify({ ...frame, seq }));
      };
      // Attached before any await, so nothing the client sends is missed (@fastify/websocket).
      let lastErrorAt = Number.NEGATIVE_INFINITY;
      socket.on("message", (_data: RawData) => {
        if (Date.now() - lastErrorAt < ERROR_FRAME_INTERVAL_MS) return;
        lastErrorAt = Date.now();
        send({
          type: "error",
          code: "BAD_REQUEST",
          message: "This socket only sends pokes; on each one, pull GET /api/v1/sync",
        });
      });
      socket.on("pong", () => {
        connection.alive = true;
      });
      socket.on("close", () => {
        connections.delete(connection);
        connection.stop?.();
      });
      void (async () => {
        const user = await authenticate(connection);
        if (user === null || socket.readyState !== socket.OPEN) return;
        const throttle = new PokeThrottle({
          intervalMs: coalesceMs,
          flush: async (head) => {
            if ((await authenticate(connection)) !== null) send({ type: "poke", cursor: head });
          },
        });
        const unsubscribe = await hub.subscribe(user.id, (head) => throttle.push(head));
        connection.stop = () => {
          throttle.stop();
          unsubscribe();
        };
        if (socket.readyState !== socket.OPEN) return connection.stop();
        // Read after subscribing: an append committed in between is announced by the listener.
        throttle.push(await hub.head(user.id));
      })().catch((err: unknown) => {
        app.log.error({ err }, "account socket failed to start");
        socket.close(CLOSE_INTERNAL, "Server error; reconnect later");
      });
    };

    app.decorate("accountSockets", { accept } satisfies AccountSockets);
    app.addHook("onClose", async () => {
      if (pinger) clearInterval(pinger);
      for (const connection of connections) connection.stop?.();
      await hub.stop();
    });
  },
);

interface ErrorFrame {
  type: "error";
  code: "BAD_REQUEST";
  message: string;
}

/** tokens.ts tokenFromHeader's shape for a bare token. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

function refuse(socket: WebSocket, err: unknown, log: FastifyBaseLogger): void {
  if (socket.readyState !== socket.OPEN) return;
  if (err instanceof ApiError) {
    const code = err.statusCode === 403 ? CLOSE_FORBIDDEN : CLOSE_UNAUTHORIZED;
    // A close reason may hold at most 123 bytes.
    socket.close(code, Buffer.from(err.message).subarray(0, 123).toString());
    return;
  }
  log.error({ err }, "account socket could not check its session");
  socket.close(CLOSE_INTERNAL, "Server error; reconnect later");
}
