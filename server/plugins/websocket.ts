// Websockets for the whole app (@fastify/websocket), registered once before any route so every
// socket area (/ws/account, and the market's /ws/data, /ws/depth, /ws/kdata) shares one server.
// Routes declare `{ websocket: true }` under WS_BASE. Clients only send small control frames.
import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";
import {
  CLOSE_TRY_AGAIN_LATER,
  createSocketQuota,
  WS_MAX_SOCKETS_PER_CLIENT,
  type SocketQuota,
} from "./socket-quota";

declare module "fastify" {
  interface FastifyInstance {
    /** Open websockets per client address (socket-quota.ts). */
    socketQuota: SocketQuota;
  }
}

export interface WebsocketOptions {
  /** Open sockets one client address may hold; default WS_MAX_SOCKETS_PER_CLIENT. */
  socketsPerClient?: number;
}

/** Largest frame a client may send; anything bigger closes its socket (1009). */
export const WS_MAX_CLIENT_FRAME_BYTES = 16 * 1024;

/** On shutdown, sockets get this long to answer the close frame before they are cut. */
const CLOSE_GRACE_MS = 1000;

/** Close code and reason for "the server is going away" (RFC 6455 1001). */
export const CLOSE_GOING_AWAY = 1001;

export const websocketPlugin = globalPlugin<WebsocketOptions>(
  "quanta-websocket",
  async (app, options) => {
    app.decorate(
      "socketQuota",
      createSocketQuota(options.socketsPerClient ?? WS_MAX_SOCKETS_PER_CLIENT),
    );
    await app.register(fastifyWebsocket, {
      options: { maxPayload: WS_MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false },
      // A client that vanishes mid-frame is ordinary on phones; not an error worth a stack trace.
      errorHandler: (error, socket, request) => {
        request.log.debug({ err: error }, "websocket error");
        socket.terminate();
      },
      // The default closes politely and waits for every client's answer, up to ws's 30 s each:
      // longer than the shutdown grace. Close, wait briefly, then cut what is left.
      preClose: async function (this: FastifyInstance) {
        await closeAll(this.websocketServer.clients);
        await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
      },
    });
  },
);

async function closeAll(clients: Set<WebSocket>): Promise<void> {
  const open = [...clients];
  for (const socket of open) socket.close(CLOSE_GOING_AWAY, "The server is shutting down");
  const closed = open.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) resolve();
        else socket.once("close", () => resolve());
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(closed),
    new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS))),
  ]);
  clearTimeout(timer);
  for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
}

/**
 * A websocket endpoint at `url`: upgrades go to `accept`; a plain HTTP GET (a link followed, a
 * probe) gets a 426 envelope saying how to connect, never the app shell or an empty 404. A client
 * address over its socket quota is closed at once with 1013.
 */
export function socketRoute<Query = unknown>(
  app: FastifyInstance,
  url: string,
  accept: (socket: WebSocket, request: FastifyRequest<{ Querystring: Query }>) => void,
): void {
  app.route<{ Querystring: Query }>({
    method: "GET",
    url,
    handler: async () => {
      throw new ApiError(
        426,
        "BAD_REQUEST",
        "This is a websocket endpoint: connect with an Upgrade: websocket request",
      );
    },
    wsHandler: (socket, request) => {
      const client = request.ip;
      if (!app.socketQuota.admit(client)) {
        socket.close(CLOSE_TRY_AGAIN_LATER, "Too many open connections from this address");
        return;
      }
      socket.once("close", () => app.socketQuota.release(client));
      accept(socket, request);
    },
  });
}
