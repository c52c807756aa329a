// The change log's notifications end to end, on PGlite and PostgreSQL (Db.listen itself:
// change-log-notify.test.ts): /ws/account on a real port pokes a user's sockets after each committed
// change (coalesced), never after a rollback or another user's change; refuses bad tokens with
// 4401 and locked accounts with 4403; survives client chatter; cuts sockets that miss pongs;
// closes everything when the app closes; and keeps the token out of the logs.
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { API_BASE, WS_BASE } from "../../protocol/paths";
import type { Db, Tx } from "../../server/db/db";
import { createMessage } from "../../server/domain/messages/create-message";
import { sendOperatorMessage } from "../../server/domain/messages/operator-message";
import { operatorPost } from "./helpers/identity";
import { freePort, within } from "./helpers/net";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";
import { connect, staysFalse, type Frame } from "./helpers/ws-client";

const getPglite = usePglite();
const CLI = { id: null, label: "cli:test" };
const PING_MS = 300;

function note(tx: Tx, userId: string, title: string) {
  return createMessage(tx, {
    userId,
    kind: null,
    params: {},
    title,
    body: `${title}.`,
    senderId: null,
  });
}

/** A test app on a free port, its account socket on `coalesceMs`, logging to `logLines`. */
async function listenApp(db: Db, coalesceMs: number, logLines: string[]) {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => logLines.push(chunk.toString("utf8")));
  const app = await buildTestApp({
    db,
    logger: { stream, level: "debug" },
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    accountSocket: { pingIntervalMs: PING_MS, coalesceMs },
  });
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  return { app, base: `127.0.0.1:${port}` };
}

const socketUrl = (base: string, token: string | null) =>
  `ws://${base}${WS_BASE}/account${token === null ? "" : `?token=${token}`}`;

function socketSuite(getDb: () => Db) {
  let app: FastifyInstance;
  let base: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    ({ app, base } = await listenApp(getDb(), 50, logLines));
  });
  afterAll(async () => {
    await app?.close();
  });

  const open = (token: string | null) => connect(socketUrl(base, token));
  const pokes = (frames: Frame[]) => frames.filter((f) => f.type === "poke");
  const send = (user: TestSession, title: string) =>
    sendOperatorMessage(getDb(), CLI, { address: user.address ?? "", title, body: `${title}.` });

  it("pokes on connect with the head, then after each committed change", async () => {
    const user = await createUserSession(getDb());
    const socket = open(user.token);
    expect(await socket.frame((f) => f.type === "poke")).toEqual({
      type: "poke",
      seq: 1,
      cursor: "0",
    });
    await send(user, "Hello");
    // The baseline (profile, message) and the message's own entry: head 3, announced at once
    // or in two pokes (the first entry's notification may go out before the others arrive).
    await socket.frame((f) => f.cursor === "3");
    expect(socket.frames.map((f) => f.seq)).toEqual(socket.frames.map((_, i) => i + 1));
    expect(socket.frames.every((f) => f.type === "poke")).toBe(true);
    socket.ws.close();

    // A later connection starts from the current head.
    const again = open(user.token);
    expect(await again.frame((f) => f.type === "poke")).toMatchObject({ seq: 1, cursor: "3" });
    again.ws.close();
  });

  it("says nothing about a rolled-back change or another user's change", async () => {
    const [user, other] = [await createUserSession(getDb()), await createUserSession(getDb())];
    const socket = open(user.token);
    await socket.frame((f) => f.seq === 1);
    await expect(
      getDb().transaction(async (tx) => {
        await note(tx, user.userId, "Never sent");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await send(other, "Not yours");
    expect(await staysFalse(() => socket.frames.length > 1, 400)).toBe(true);
    await send(user, "Yours");
    expect(await socket.frame((f) => f.seq === 2)).toMatchObject({ type: "poke" });
    socket.ws.close();
  });

  it("coalesces a burst into few pokes that end with the newest head", async () => {
    // An app of its own with a 2 s window. One transaction's 25 notifications arrive together at
    // commit, but this process handles them as it gets the CPU: on a loaded machine (load average
    // ~12) the 50 ms window above expired between two of them, and a fourth poke went out. 2 s
    // holds the whole burst however busy the machine, so the count below does not depend on it
    // (the spacing itself is poke-throttle's unit test).
    const wide = await listenApp(getDb(), 2_000, []);
    try {
      const user = await createUserSession(getDb());
      await send(user, "Start"); // head 3
      const socket = connect(socketUrl(wide.base, user.token));
      await socket.frame((f) => f.seq === 1);
      const burst = 25;
      await getDb().transaction(async (tx) => {
        for (let i = 0; i < burst; i++) await note(tx, user.userId, `Burst ${i}`);
      });
      const head = String(3 + burst);
      await socket.frame((f) => f.cursor === head, 10_000);
      expect(await staysFalse(() => pokes(socket.frames).at(-1)?.cursor !== head, 200)).toBe(true);
      const seen = pokes(socket.frames);
      // The head on connect, at most one at the burst's first notification, then the newest.
      expect(seen.length).toBeLessThanOrEqual(3);
      expect(seen.map((f) => f.seq)).toEqual(seen.map((_, i) => i + 1));
      const cursors = seen.map((f) => Number(f.cursor));
      expect([...cursors].sort((a, b) => a - b)).toEqual(cursors);
      socket.ws.close();
    } finally {
      await wide.app.close();
    }
  });

  it("answers client frames with an error frame and stays open", async () => {
    const user = await createUserSession(getDb());
    const socket = open(user.token);
    await socket.frame((f) => f.seq === 1);
    socket.ws.send("hello");
    socket.ws.send(JSON.stringify({ op: "subscribe", topic: "everything" }));
    expect(await socket.frame((f) => f.type === "error")).toMatchObject({
      seq: 2,
      code: "BAD_REQUEST",
    });
    await send(user, "Still here");
    expect(await socket.frame((f) => f.cursor === "3")).toMatchObject({ type: "poke" });
    // Errors are rate-limited: two client frames in a burst, one error frame.
    expect(socket.frames.filter((f) => f.type === "error")).toHaveLength(1);
    socket.ws.close();
  });

  it("closes with 4401 for a missing, malformed, unknown or ended token", async () => {
    const ended = await createUserSession(getDb());
    const logout = await app.inject({
      method: "POST",
      url: `${API_BASE}/auth/logout`,
      headers: bearer(ended),
    });
    expect(logout.statusCode).toBe(200);
    for (const token of [null, "short", "A".repeat(43), ended.token]) {
      const socket = open(token);
      const closed = await socket.closed();
      expect(closed.code, String(token)).toBe(4401);
      expect(closed.reason).toMatch(/Sign in first|session has ended/);
      expect(pokes(socket.frames)).toEqual([]);
    }
  });

  it("closes with 4403 for a locked account, and when locked while connected", async () => {
    const locked = await createUserSession(getDb(), { locked: true });
    const refused = open(locked.token);
    expect(await refused.closed()).toEqual({ code: 4403, reason: "This account is locked" });

    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    const socket = open(user.token);
    await socket.frame((f) => f.seq === 1);
    expect((await operatorPost(app, operator, `/users/${user.address}/lock`)).statusCode).toBe(200);
    expect(await socket.closed()).toEqual({ code: 4403, reason: "This account is locked" });
    expect(pokes(socket.frames)).toHaveLength(1);
  });

  it("closes at the next ping when the session ends while connected", async () => {
    const user = await createUserSession(getDb());
    const socket = open(user.token);
    await socket.frame((f) => f.seq === 1);
    await app.inject({ method: "POST", url: `${API_BASE}/auth/logout`, headers: bearer(user) });
    const closed = await socket.closed(PING_MS * 4);
    expect(closed.code).toBe(4401);
  });

  it("cuts a client that stops answering pings", async () => {
    const user = await createUserSession(getDb());
    const socket = connect(`ws://${base}${WS_BASE}/account?token=${user.token}`, {
      autoPong: false,
    });
    await socket.frame((f) => f.seq === 1);
    // Terminated without a close frame: the client sees 1006.
    expect((await socket.closed(PING_MS * 5)).code).toBe(1006);
    // One that answers stays: it outlives several pings.
    const healthy = open(user.token);
    await healthy.frame((f) => f.seq === 1);
    expect(await staysFalse(() => healthy.ws.readyState !== healthy.ws.OPEN, PING_MS * 3)).toBe(
      true,
    );
    healthy.ws.close();
  });

  it("keeps the token out of the logs, and the CSP admits this websocket", async () => {
    const user = await createUserSession(getDb());
    const socket = open(user.token);
    await socket.frame((f) => f.seq === 1);
    socket.ws.close();
    const logged = logLines.join("");
    expect(logged).toContain("/ws/account?token=[redacted]");
    expect(logged).not.toContain(user.token);
    const response = await fetch(`http://${base}/health`);
    expect(response.headers.get("content-security-policy")).toContain(`ws://${base}`);
  });
}

function closeSuite(getDb: () => Db) {
  it("closes every socket promptly when the app closes", async () => {
    const app = await buildTestApp({ db: getDb() });
    const port = await freePort();
    await app.listen({ port, host: "127.0.0.1" });
    const user = await createUserSession(getDb());
    const sockets = [1, 2, 3].map(() =>
      connect(`ws://127.0.0.1:${port}${WS_BASE}/account?token=${user.token}`),
    );
    for (const socket of sockets) await socket.frame((f) => f.seq === 1);
    // One client never answers the close frame: it must not hold the shutdown.
    sockets[0]?.ws.pause();
    await within(app.close(), 5000, "app.close with open sockets");
    for (const socket of sockets.slice(1)) {
      expect((await socket.closed()).code).toBe(1001);
    }
  });
}

describe("PGlite", () => {
  beforeEach(async () => {
    await resetDb(getPglite());
  });
  describe("/ws/account", () => socketSuite(getPglite));
  describe("shutdown", () => closeSuite(getPglite));
});

describePostgres(
  "PostgreSQL",
  ({ db }) => {
    beforeEach(async () => {
      await resetDb(db());
    });
    describe("/ws/account", () => socketSuite(db));
    describe("shutdown", () => closeSuite(db));
  },
  { migrate: true },
);
