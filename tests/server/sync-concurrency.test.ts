// The change log under real concurrency, on PostgreSQL (PGlite serialises everything, so these
// run only with DATABASE_URL): parallel appends for one user get gapless seqs and a reader
// polling /sync meanwhile never skips one; concurrent first syncs write one baseline; a per-user
// row lock and an append do not deadlock. And notifications across connections and processes:
// schemas do not hear each other, one listening connection serves every socket, a dropped one
// reconnects and catches up, and a change made by the CLI pokes the server's sockets.
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { WS_BASE } from "../../protocol/paths";
import { runAdminCli } from "../../server/cli/admin";
import { scopedChannel, type Db, type Tx } from "../../server/db/db";
import { migrate } from "../../server/db/migrate";
import { appendChange, CHANGE_CHANNEL } from "../../server/db/repositories/change-log-repository";
import { lockUserRow } from "../../server/db/repositories/user-row-repository";
import { createMessage } from "../../server/domain/messages/create-message";
import { createUserSession, type TestSession } from "./helpers/sessions";
import { keys, legacyData, logRows, syncAll, syncPage } from "./helpers/sync";
import { buildTestApp } from "./helpers/test-app";
import { freePort, within } from "./helpers/net";
import { createPgTestSchema, describePostgres, POSTGRES_URL, resetDb } from "./helpers/test-db";
import { connect, staysFalse } from "./helpers/ws-client";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

describePostgres(
  "change log under concurrency",
  ({ db, schema }) => {
    let app: FastifyInstance;
    let writers: Db[];
    beforeAll(async () => {
      app = await buildTestApp({ db: db(), rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
      // Three more pools stand in for three more server processes.
      writers = [schema().open(), schema().open(), schema().open()];
    });
    afterAll(async () => {
      await app?.close();
    });
    beforeEach(async () => {
      await resetDb(db());
    });

    it("gives parallel appends gapless seqs, and a polling reader misses none", async () => {
      const user = await createUserSession(db());
      await syncPage(app, user); // the baseline: seq 1
      const total = 60;
      let done = false;
      const seen: string[] = [];
      const reader = (async () => {
        let cursor = "1";
        for (;;) {
          const finished = done;
          const page = await syncPage(app, user, cursor);
          seen.push(...page.changes.map((c) => c.id));
          cursor = page.cursor;
          if (finished && !page.hasMore) return;
        }
      })();
      const written = await Promise.all(
        Array.from({ length: total }, async (_, i) => {
          const pool = writers[i % writers.length] ?? db();
          await sleep(Math.floor(Math.random() * 40));
          return pool.transaction(async (tx) => {
            const message = await note(tx, user.userId, `Parallel ${i}`);
            // Holding the head lock a while longer widens every window a reader could slip
            // through if seqs were not committed in order.
            await tx.query("SELECT pg_sleep($1)", [Math.random() * 0.01]);
            return message.id;
          });
        }),
      );
      done = true;
      await reader;

      const rows = await logRows(db(), user.userId);
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
      expect(rows).toHaveLength(total + 1);
      expect([...seen].sort()).toEqual([...written].sort());
    });

    it("writes one baseline when an old account's devices sync at once", async () => {
      const user = await createUserSession(db());
      const ids = await legacyData(db(), user.userId, 3);
      const pages = await Promise.all(Array.from({ length: 8 }, () => syncPage(app, user)));
      const expected = [
        `profile:${user.userId}`,
        "identity:current",
        ...ids.map((id) => `message:${id}`),
      ];
      for (const page of pages) expect(keys(page.changes)).toEqual(expected);
      expect(await logRows(db(), user.userId)).toHaveLength(expected.length);
    });

    it("does not deadlock a per-user row lock against an append for the same user", async () => {
      const user = await createUserSession(db());
      await syncPage(app, user);
      const [a, b] = [writers[0] ?? db(), writers[1] ?? db()];
      const append = (tx: Tx, id: string) =>
        appendChange(tx, { userId: user.userId, entity: "message", id, op: "delete", data: null });
      // A (an identity submission, lock/unlock) locks the user, then appends; B appends first.
      const results = await Promise.allSettled([
        a.transaction(async (tx) => {
          await lockUserRow(tx, user.userId);
          await sleep(200);
          await append(tx, "a");
        }),
        (async () => {
          await sleep(50);
          await b.transaction((tx) => append(tx, "b"));
        })(),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    });
  },
  { migrate: true },
);

describePostgres(
  "notifications across connections and processes",
  ({ db, schema }) => {
    let app: FastifyInstance;
    let listening: Db;
    let base: string;
    beforeAll(async () => {
      // A Db of this suite's own, so its listening connection is the only one on this channel.
      listening = schema().open();
      app = await buildTestApp({
        db: listening,
        accountSocket: { pingIntervalMs: 60_000, coalesceMs: 20 },
      });
      const port = await freePort();
      await app.listen({ port, host: "127.0.0.1" });
      base = `ws://127.0.0.1:${port}${WS_BASE}/account?token=`;
    });
    afterAll(async () => {
      await app?.close();
    });
    const sockets: { ws: { close(): void } }[] = [];
    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.ws.close();
    });
    const open = (user: TestSession) => {
      const socket = connect(`${base}${user.token}`);
      sockets.push(socket);
      return socket;
    };
    const listenerPids = async () =>
      (
        await db().query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE application_name = 'quanta-listen' AND query = $1`,
          [`LISTEN "${scopedChannel(CHANGE_CHANNEL, schema().schema)}"`],
        )
      ).map((r) => r.pid);

    it("keeps schemas apart: a NOTIFY in one is not heard in another", async () => {
      const other = await createPgTestSchema(POSTGRES_URL ?? "");
      try {
        const otherDb = other.open();
        await migrate(otherDb);
        const heardHere: string[] = [];
        const heardThere: string[] = [];
        const stopHere = await db().listen(CHANGE_CHANNEL, (p) => heardHere.push(p));
        const stopThere = await otherDb.listen(CHANGE_CHANNEL, (p) => heardThere.push(p));
        const user = await createUserSession(otherDb);
        await otherDb.transaction((tx) => note(tx, user.userId, "There"));
        await within(
          waitFor(() => heardThere.length > 0),
          2000,
          "the other schema's NOTIFY",
        );
        expect(await staysFalse(() => heardHere.length > 0, 300)).toBe(true);
        await stopHere();
        await stopThere();
      } finally {
        await other.drop();
      }
    });

    it("serves every socket of the process from one listening connection", async () => {
      const [u1, u2] = [await createUserSession(db()), await createUserSession(db())];
      const all = [open(u1), open(u1), open(u2)];
      for (const socket of all) await socket.frame((f) => f.seq === 1);
      expect(await listenerPids()).toHaveLength(1);
    });

    it("reconnects a dropped listening connection and catches the sockets up", async () => {
      const user = await createUserSession(db());
      const socket = open(user);
      await socket.frame((f) => f.seq === 1);
      const pids = await listenerPids();
      expect(pids).toHaveLength(1);
      const pid = pids[0] ?? 0;
      await db().query("SELECT pg_terminate_backend($1)", [pid]);
      // Committed while nobody listens: its NOTIFY is lost, the catch-up after reconnecting
      // announces the head anyway.
      await db().transaction((tx) => note(tx, user.userId, "While down"));
      const head = (await logRows(db(), user.userId)).at(-1)?.seq;
      await socket.frame((f) => f.cursor === head, 20_000);
      const [newPid] = await within(
        (async () => {
          for (;;) {
            const pids = await listenerPids();
            if (pids.length === 1 && pids[0] !== pid) return pids;
            await sleep(50);
          }
        })(),
        5000,
        "a new listening connection",
      );
      expect(newPid).not.toBe(pid);
      // And live notifications flow again.
      await db().transaction((tx) => note(tx, user.userId, "After"));
      const after = (await logRows(db(), user.userId)).at(-1)?.seq;
      await socket.frame((f) => f.cursor === after, 3000);
    });

    it("pokes the server's sockets for a change the CLI commits from another process", async () => {
      const user = await createUserSession(db());
      const socket = open(user);
      await socket.frame((f) => f.seq === 1);
      const url = new URL(POSTGRES_URL ?? "");
      url.searchParams.set("options", `-c search_path=${schema().schema}`);
      const io = { out: () => undefined, err: () => undefined };
      const env = { DATABASE_URL: url.toString(), LOG_LEVEL: "silent" };
      const args = ["message", "send", "--address", user.address ?? "", "--title", "From the CLI"];
      expect(await runAdminCli([...args, "--body", "Hello from a shell."], env, io)).toBe(0);
      const head = (await logRows(db(), user.userId)).at(-1)?.seq;
      await socket.frame((f) => f.cursor === head, 3000);
      const { changes } = await syncAll(app, user);
      expect(changes.at(-1)?.data).toMatchObject({ title: "From the CLI", kind: null });
    });
  },
  { migrate: true },
);

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await sleep(10);
}
