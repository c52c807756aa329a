// The app's sync layer (src/sync, src/db) against the real server on a real port: the server
// app on PGlite with its content seeded and one probe round stored, every HTTP request it
// answered recorded, a switch that loses the next matching response after the server committed
// it, and a Node websocket for /ws/account. Import "./browser-globals" before this.
import type { IncomingMessage, ServerResponse } from "node:http";
import Dexie from "dexie";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import WebSocket from "ws";
import type { Db } from "../../../server/db/db";
import { buildApp } from "../../../server/app";
import { seedContent } from "../../../server/domain/content/seed-content";
import { createMessage } from "../../../server/domain/messages/create-message";
import { builtInProbes } from "../../../server/domain/status/built-in-probes";
import { ProbeRegistry } from "../../../server/domain/status/probes";
import { runProbeRound } from "../../../server/domain/status/run-probes";
import { configureApi } from "../../../src/api/client";
import { closeDatabaseAsReload, DB_NAME } from "../../../src/db/database";
import { clearSession, saveSession } from "../../../src/db/session";
import { SyncEngine, type SyncEngineOptions } from "../../../src/sync/engine";
import type { OpenSocket } from "../../../src/sync/environment";
import { testEnvironment } from "../../../src/sync/testing/fake-environment";
import { reportReachability } from "../../../src/sync/online";
import { freePort } from "./net";
import { createUserSession, type TestSession } from "./sessions";
import { testConfig } from "./test-app";
import { usePglite } from "./test-db";

export interface SeenRequest {
  method: string;
  /** Path and query, e.g. "/api/v1/sync?cursor=12". */
  url: string;
  /** 0 when the connection was cut before the answer left. */
  status: number;
  ifNoneMatch: string | null;
  idempotencyKey: string | null;
}

export interface SyncTestServer {
  app(): FastifyInstance;
  db(): Db;
  origin(): string;
  /** Every request answered since the last `requests.length = 0`. */
  requests: SeenRequest[];
  /** The next request matching `match` runs to completion on the server, then its connection
   *  is cut before the answer leaves: the client sees a network error. */
  loseNextResponse(match: (method: string, url: string) => boolean): void;
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}

export function useSyncTestServer(): SyncTestServer {
  const getDb = usePglite();
  let app: FastifyInstance | undefined;
  let origin = "";
  const requests: SeenRequest[] = [];
  const losers: ((method: string, url: string) => boolean)[] = [];

  // Raw http level: it sees every request, whatever plugin context answers it.
  const watch = (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? "";
    const url = req.url ?? "";
    const loser = losers.findIndex((match) => match(method, url));
    if (loser >= 0) {
      losers.splice(loser, 1);
      // The handler has committed by the time the answer is written: cut the line instead.
      const cut = () => {
        req.socket.destroy();
        return res;
      };
      res.writeHead = cut as unknown as typeof res.writeHead;
      res.end = cut as unknown as typeof res.end;
    }
    // "close" also fires for an answer that never left (status 0 then).
    res.on("close", () => {
      requests.push({
        method,
        url,
        status: res.writableFinished ? res.statusCode : 0,
        ifNoneMatch: header(req, "if-none-match"),
        idempotencyKey: header(req, "idempotency-key"),
      });
    });
  };

  beforeAll(async () => {
    const db = getDb();
    app = await buildApp({
      config: testConfig(),
      db,
      logger: false,
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
      accountSocket: { coalesceMs: 5 },
    });
    app.server.on("request", watch);
    const port = await freePort();
    await app.listen({ port, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${port}`;
    await seedContent(db);
    // Status answers carry the last probe round's time; without one it would be "now" and
    // every answer would differ.
    const probes = builtInProbes({ db, appDistDir: "/nonexistent" });
    await runProbeRound(db, new ProbeRegistry(probes));
  });
  afterAll(async () => {
    await app?.close();
  });

  return {
    app: () => {
      if (!app) throw new Error("useSyncTestServer(): the app starts in beforeAll");
      return app;
    },
    db: getDb,
    origin: () => origin,
    requests,
    loseNextResponse: (match) => losers.push(match),
  };
}

/** /ws/account in Node, through the `ws` package, shaped like the browser's. */
export const nodeSocket: OpenSocket = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.on("open", () => handlers.onOpen());
  socket.on("message", (data) => handlers.onMessage(data.toString()));
  socket.on("close", (code) => handlers.onClose(code));
  // Failures end in "close" too; without a listener "error" would throw.
  socket.on("error", () => undefined);
  return {
    close: () => socket.close(),
    send: (data) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(data);
    },
  };
};

export interface ApiEvents {
  locked: number;
  unauthorized: number;
}

/** Points the app's transport at `origin`, with the online state fed like the app's wiring. */
export function connectApi(origin: string, events: ApiEvents): void {
  configureApi({
    origin,
    getToken: () => localStorage.getItem("token"),
    onUnauthorized: () => {
      events.unauthorized++;
      clearSession();
    },
    onLocked: () => {
      events.locked++;
      clearSession();
    },
    onError: () => undefined,
    onReachability: reportReachability,
  });
}

/** A user with a session on the server, signed in on this "device". */
export async function signIn(db: Db): Promise<TestSession> {
  const user = await createUserSession(db);
  saveSession({ token: user.token, name: null, avatar: null, info: { id: user.userId } });
  return user;
}

/** A fresh device (a new page): no session, no IndexedDB. */
export async function wipeDevice(): Promise<void> {
  clearSession();
  localStorage.clear();
  closeDatabaseAsReload();
  await Dexie.delete(DB_NAME);
}

/** Polls `check` until it holds (or fails after `ms`). */
// A liveness bound, not a speed target: two test files share the CPUs (vitest.config.ts).
export async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface SyncDevice {
  /** What the transport's hooks saw since this test began. */
  events: ApiEvents;
  /** A started engine ("tab"), stopped after the test. */
  engine(options?: Partial<SyncEngineOptions>): SyncEngine;
  /** Requests to API path `path` (e.g. "sync", "system/link") since the log was last cleared. */
  seen(path: string): SeenRequest[];
}

/** Per test: a wiped device pointed at the server, a cleared request log, engines cleaned up. */
export function useSyncDevice(server: SyncTestServer): SyncDevice {
  const engines: SyncEngine[] = [];
  const events: ApiEvents = { locked: 0, unauthorized: 0 };
  beforeEach(async () => {
    await wipeDevice();
    events.locked = events.unauthorized = 0;
    connectApi(server.origin(), events);
    reportReachability(true);
    server.requests.length = 0;
  });
  afterEach(() => {
    for (const engine of engines.splice(0)) engine.stop();
  });
  const apiPath = (url: string) => url.replace(/^\/api\/v1\//, "").split("?")[0] ?? "";
  return {
    events,
    engine(options = {}) {
      const engine = new SyncEngine({ env: testEnvironment(), lang: "en", ...options });
      engines.push(engine);
      engine.start();
      return engine;
    },
    seen: (path) => server.requests.filter((r) => apiPath(r.url) === path),
  };
}

/** `count` messages to the user, each with its change log entry, in one transaction. */
export async function addMessages(db: Db, userId: string, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 1; i <= count; i++) {
      await createMessage(tx, {
        userId,
        kind: null,
        params: {},
        title: `Message ${i}`,
        body: `Body ${i}.`,
        senderId: null,
      });
    }
  });
}
