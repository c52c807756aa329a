// The running server's admin socket (DESIGN §4): PGlite belongs to one process, so while the
// server holds the embedded database, `npm run admin` sends its command here instead. A Unix
// domain socket in DATA_DIR with mode 0600: only the OS user that runs the server (or root) can
// connect, and it is never reachable over the network. One JSON line in, one JSON line out.
import { once } from "node:events";
import { chmod, rm } from "node:fs/promises";
import { createConnection, createServer, type Socket } from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/db";
import type { OperatorActor } from "../domain/operators/operator-actor";
import { DomainError } from "../domain/errors";
import { ApiError } from "../plugins/envelope";
import {
  commandFromJson,
  runAdminCommand,
  type AdminCommand,
  type AdminResult,
} from "./admin-commands";

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, "admin.sock");
}

export interface AdminRequest {
  command: AdminCommand;
  /** The audit label of whoever ran the CLI ("cli:<os user>"). */
  actor: string;
}

export type AdminAnswer = { ok: true; result: AdminResult } | { ok: false; error: string };

// Article commands carry a whole article (up to 8 MiB of JSON, like the admin API).
const MAX_REQUEST_BYTES = 9 * 1024 * 1024;
const CONNECTION_TIMEOUT_MS = 30_000;
const ACTOR_LABEL = /^cli:[A-Za-z0-9._-]{1,64}$/;

/** The server's logger, or anything with these two methods (tests). */
export type AdminSocketLog = Pick<FastifyBaseLogger, "info" | "error">;

export interface AdminSocket {
  close(): Promise<void>;
}

export async function listenAdminSocket(options: {
  path: string;
  db: Db;
  log: AdminSocketLog;
}): Promise<AdminSocket> {
  const { db, log } = options;
  const connections = new Set<Socket>();
  // allowHalfOpen: a client may end its side after the command and still read the answer.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
    void serve(socket, db, log);
  });
  // We hold the PGlite lock, so a socket file left here is from a server that died.
  await rm(options.path, { force: true });
  // The umask makes the socket 0600 from its first moment; a chmod afterwards would leave a
  // window in which another local user could connect. listen() binds synchronously.
  const umask = process.umask(0o177);
  try {
    server.listen(options.path);
  } finally {
    process.umask(umask);
  }
  await once(server, "listening");
  await chmod(options.path, 0o600);
  return {
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of connections) socket.destroy();
      await closed;
      await rm(options.path, { force: true });
    },
  };
}

async function serve(socket: Socket, db: Db, log: AdminSocketLog): Promise<void> {
  socket.setTimeout(CONNECTION_TIMEOUT_MS, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  let answer: AdminAnswer;
  try {
    const request = parseRequest(await readLine(socket));
    const actor: OperatorActor = { id: null, label: request.actor };
    log.info(`admin socket: ${request.command.name} by ${request.actor}`);
    answer = { ok: true, result: await runAdminCommand(db, request.command, actor) };
  } catch (err) {
    if (err instanceof DomainError || err instanceof ApiError) {
      answer = { ok: false, error: err.message };
    } else {
      log.error({ err }, "admin socket command failed");
      answer = { ok: false, error: "The command failed inside the server; see the server log" };
    }
  }
  if (!socket.destroyed) socket.end(`${JSON.stringify(answer)}\n`);
}

function parseRequest(line: string): AdminRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ApiError(400, "BAD_JSON", "The admin socket takes one JSON line");
  }
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const command = commandFromJson(v.command);
  if (command === null || typeof v.actor !== "string" || !ACTOR_LABEL.test(v.actor)) {
    throw new ApiError(400, "VALIDATION", "Not an admin command");
  }
  return { command, actor: v.actor };
}

/** Reads up to the first newline (or the end), refusing anything longer than a command. */
function readLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    // Decoded as a stream: a character split between two chunks (articles in Thai, Korean...)
    // must not turn into two replacement characters.
    socket.setEncoding("utf8");
    const onData = (chunk: string) => {
      text += chunk;
      const newline = text.indexOf("\n");
      if (newline >= 0) finish(text.slice(0, newline));
      else if (text.length > MAX_REQUEST_BYTES)
        fail(new ApiError(413, "PAYLOAD_TOO_LARGE", "Too long"));
    };
    const onEnd = () => finish(text);
    const onClose = () => fail(new ApiError(400, "BAD_REQUEST", "Closed before a command"));
    const stop = () => socket.off("data", onData).off("end", onEnd).off("close", onClose);
    const finish = (line: string) => {
      stop();
      resolve(line);
    };
    const fail = (err: Error) => {
      stop();
      reject(err);
    };
    socket.on("data", onData).on("end", onEnd).on("close", onClose);
  });
}

/**
 * Sends one command to a running server. Rejects with the connection error (ENOENT,
 * ECONNREFUSED) when no server listens, so the caller can fall back to opening the database.
 */
export function sendAdminCommand(
  socketPath: string,
  request: AdminRequest,
  timeoutMs = CONNECTION_TIMEOUT_MS,
): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let text = "";
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`The admin socket did not answer within ${timeoutMs / 1000} s`)),
    );
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        resolve(JSON.parse(text) as AdminAnswer);
      } catch {
        reject(new Error("The admin socket answered something that is not JSON"));
      }
    });
  });
}
