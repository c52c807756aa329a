// The lab's routes (routes/quant/lab.ts): GET /quant/strategies; POST /quant/backtests and
// /quant/optimisations refused field by field (400 VALIDATION naming the field) and against the
// record, changing nothing; Idempotency-Key replays; the per-user limit (429 JOBS_LIMIT with
// { limit }); every accepted job's queued entry in the user's change log (data = the GET answer);
// reads limited to the user's own jobs; lists newest first in cursor pages. PGlite.
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Queryable } from "../../server/db/db";
import { USER_JOB_LIMIT } from "../../server/domain/quant/jobs/job-config";
import { acceptedData, postIdempotent } from "./helpers/idempotent-post";
import { queueTestJob, seedCandles } from "./helpers/quant-jobs";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb);
const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;
let record: { firstMs: number; endMs: number };
const iso = (ms: number) => new Date(ms).toISOString();
let good: Record<string, unknown>;

beforeAll(async () => {
  // Two days of BTC/USDT minutes, ending now.
  record = await seedCandles(getDb(), "BTC/USDT", 48 * 60);
  good = {
    strategy: "mean-reversion",
    symbol: "BTC/USDT",
    interval: "15m",
    from: iso(record.endMs - 24 * HOUR),
    to: iso(record.endMs),
    params: { period: 10 },
  };
});

async function snapshot(db: Queryable) {
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;
  return {
    jobs: await count("quant_jobs"),
    log: await count("change_log"),
    keys: await count("idempotency_keys"),
  };
}

const get = (user: TestSession, path: string) =>
  app.inject({ method: "GET", url: `${API_BASE}/quant/${path}`, headers: bearer(user) });

function refusedWith(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  params?: Record<string, unknown>,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({
    HttpStatusCode: status,
    Code: code,
    ...(params === undefined ? {} : { Params: params }),
  });
}

describe("the lab's routes", () => {
  it("GET /quant/strategies answers every strategy with its parameter ranges (public)", async () => {
    const response = await app.inject({ method: "GET", url: `${API_BASE}/quant/strategies` });
    const strategies = acceptedData<{ id: string; params: { name: string }[] }[]>(
      response,
      "strategies",
    );
    expect(strategies.map((s) => s.id)).toEqual(["trend-following", "mean-reversion", "grid"]);
    expect(strategies[1]?.params.map((p) => p.name)).toEqual(["period", "deviations"]);
  });

  it.each([
    [{ strategy: undefined }, "strategy", "required"],
    [{ strategy: "martingale" }, "strategy", "format"],
    [{ symbol: undefined }, "symbol", "required"],
    [{ symbol: "FOO/USDT" }, "symbol", "format"],
    [{ interval: "2m" }, "interval", "format"],
    [{ interval: undefined }, "interval", "required"],
    [{ from: undefined }, "from", "required"],
    [{ from: "yesterday" }, "from", "format"],
    [{ to: "2026-11-26 10:00" }, "to", "format"],
    [{ to: 1764151200000 }, "to", "format"],
    [{ from: "to" }, "from", "format"],
    [{ params: [1, 2] }, "params", "format"],
    [{ params: { period: 10, stake: 5 } }, "params.stake", "not-allowed"],
    [{ params: { period: "10" } }, "params.period", "format"],
    [{ params: { period: 1 } }, "params.period", "at-least"],
    [{ params: { period: 100_000 } }, "params.period", "at-most"],
    [{ params: { period: 10.5 } }, "params.period", "format"],
  ])("refuses backtest %j naming %s (%s) and changes nothing", async (change, field, rule) => {
    const db = getDb();
    const user = await createUserSession(db);
    const before = await snapshot(db);
    const response = await postIdempotent(app, user, "quant/backtests", { ...good, ...change });
    refusedWith(response, 400, "VALIDATION", { field, rule });
    expect(await snapshot(db)).toEqual(before);
  });

  it.each([
    [
      "to not after from",
      "to",
      () => ({ from: iso(record.endMs - HOUR), to: iso(record.endMs - 2 * HOUR) }),
    ],
    [
      "less than one candle",
      "to",
      () => ({ from: iso(record.endMs - HOUR), to: iso(record.endMs - HOUR + 60_000) }),
    ],
    ["before the record", "from", () => ({ from: iso(record.firstMs - 24 * HOUR) })],
    ["after the record", "to", () => ({ to: iso(record.endMs + 2 * HOUR) })],
    ["too long", "to", () => ({ interval: "1m", from: "2025-01-01T00:00:00Z" })],
    ["a symbol never recorded", "symbol", () => ({ symbol: "ETH/USDT" })],
  ])("refuses a period %s naming %s, changing nothing", async (_what, field, change) => {
    const db = getDb();
    const user = await createUserSession(db);
    const before = await snapshot(db);
    const response = await postIdempotent(app, user, "quant/backtests", { ...good, ...change() });
    refusedWith(response, 400, "VALIDATION", { field });
    expect(await snapshot(db)).toEqual(before);
  });

  it("refuses without a token (401) or an Idempotency-Key (400)", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    const before = await snapshot(db);
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/quant/backtests`,
      headers: { "idempotency-key": "k-anon" },
      payload: good,
    });
    expect(anonymous.statusCode).toBe(401);
    refusedWith(await postIdempotent(app, user, "quant/backtests", good, null), 400, "VALIDATION");
    expect(await snapshot(db)).toEqual(before);
  });

  it("queues a backtest: { id, status }, its queued entry in the change log, replays by key", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    const first = await postIdempotent(app, user, "quant/backtests", good, "bt-1");
    const created = acceptedData<{ id: string; status: string }>(first, "backtest");
    expect(created.status).toBe("queued");
    const view = acceptedData<Record<string, unknown>>(
      await get(user, `backtests/${created.id}`),
      "get",
    );
    expect(view).toMatchObject({
      id: created.id,
      status: "queued",
      strategy: "mean-reversion",
      symbol: "BTC/USDT",
      interval: "15m",
      // Whole 15-minute candles: the first that opens at or after "from", the last that closes
      // at or before "to".
      from: iso(Math.ceil((record.endMs - 24 * HOUR) / QUARTER) * QUARTER),
      to: iso(Math.floor(record.endMs / QUARTER) * QUARTER),
      // The full parameter set the run will use: the given one and the defaults.
      params: { period: 10, deviations: 2 },
      result: null,
      failure: null,
      finishedAt: null,
    });
    const entries = await db.query<{ entity: string; entity_id: string; data: unknown }>(
      "SELECT entity, entity_id, data FROM change_log WHERE user_id = $1 AND entity = 'quant-backtest'",
      [user.userId],
    );
    expect(entries).toEqual([{ entity: "quant-backtest", entity_id: created.id, data: view }]);
    const before = await snapshot(db);
    const replay = await postIdempotent(app, user, "quant/backtests", good, "bt-1");
    expect(acceptedData(replay, "replay")).toEqual(created);
    expect(await snapshot(db)).toEqual(before);
    const other = await postIdempotent(
      app,
      user,
      "quant/backtests",
      { ...good, interval: "1h" },
      "bt-1",
    );
    refusedWith(other, 409, "IDEMPOTENCY_MISMATCH");
    expect(await snapshot(db)).toEqual(before);
  });

  it(`refuses a user's ${USER_JOB_LIMIT + 1}th open job (429 JOBS_LIMIT { limit }), changing nothing`, async () => {
    const db = getDb();
    const user = await createUserSession(db);
    for (let i = 1; i < USER_JOB_LIMIT; i++) {
      acceptedData(await postIdempotent(app, user, "quant/backtests", good), "backtest");
    }
    const optimisation = { ...good, params: undefined, windows: 2 };
    acceptedData(
      await postIdempotent(app, user, "quant/optimisations", optimisation),
      "optimisation",
    );
    const before = await snapshot(db);
    const refused = await postIdempotent(app, user, "quant/backtests", good);
    refusedWith(refused, 429, "JOBS_LIMIT", { limit: USER_JOB_LIMIT });
    refusedWith(
      await postIdempotent(app, user, "quant/optimisations", optimisation),
      429,
      "JOBS_LIMIT",
    );
    expect(await snapshot(db)).toEqual(before);
    // Another user is not held up, and a finished job frees a place.
    const other = await createUserSession(db);
    acceptedData(await postIdempotent(app, other, "quant/backtests", good), "other user");
    await db.query(
      `UPDATE quant_jobs SET status = 'failed', failure = 'no-candles', finished_at = now()
        WHERE id = (SELECT min(id) FROM quant_jobs WHERE user_id = $1)`,
      [user.userId],
    );
    acceptedData(await postIdempotent(app, user, "quant/backtests", good), "after one finished");
  });

  it.each([
    [{ windows: 1 }, "windows", "at-least"],
    [{ windows: 13 }, "windows", "at-most"],
    [{ windows: 2.5 }, "windows", "format"],
    [{ windows: 12, interval: "4h" }, "from", "at-most"],
    [{ strategy: "grid", interval: undefined }, "interval", "required"],
  ])("refuses optimisation %j naming %s (%s), changing nothing", async (change, field, rule) => {
    const db = getDb();
    const user = await createUserSession(db);
    const before = await snapshot(db);
    const body = { ...good, params: undefined, ...change };
    const response = await postIdempotent(app, user, "quant/optimisations", body);
    refusedWith(response, 400, "VALIDATION", { field, rule });
    expect(await snapshot(db)).toEqual(before);
  });

  it("queues an optimisation with its windows, in the change log as quant-optimisation", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    const body = { ...good, params: undefined, windows: 3 };
    const { id } = acceptedData<{ id: string }>(
      await postIdempotent(app, user, "quant/optimisations", body),
      "opt",
    );
    const view = acceptedData(await get(user, `optimisations/${id}`), "get");
    expect(view).toMatchObject({ id, status: "queued", windows: 3, result: null });
    const [entry] = await db.query<{ entity: string; data: unknown }>(
      "SELECT entity, data FROM change_log WHERE user_id = $1 AND entity LIKE 'quant-%'",
      [user.userId],
    );
    expect(entry).toEqual({ entity: "quant-optimisation", data: view });
    // An optimisation is not a backtest.
    refusedWith(await get(user, `backtests/${id}`), 404, "NOT_FOUND");
  });

  it("reads only the user's own jobs and the plans' system backtests", async () => {
    const db = getDb();
    const [owner, stranger] = [await createUserSession(db), await createUserSession(db)];
    const { id } = acceptedData<{ id: string }>(
      await postIdempotent(app, owner, "quant/backtests", good),
      "bt",
    );
    refusedWith(await get(stranger, `backtests/${id}`), 404, "NOT_FOUND");
    refusedWith(await get(owner, "backtests/999999999"), 404, "NOT_FOUND");
    refusedWith(await get(owner, "optimisations/999999999"), 404, "NOT_FOUND");
    const planJob = await queueTestJob(db, { planId: "starter-trend" });
    expect(acceptedData(await get(stranger, `backtests/${planJob.id}`), "plan job")).toMatchObject({
      id: planJob.id,
      status: "queued",
    });
    expect((await get(stranger, "backtests")).json()).toMatchObject({ Data: { items: [] } });
  });

  it("lists the user's backtests newest first, in cursor pages", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    // Ids 99, 100, 101: newest first by number, not by text ("99" > "101").
    await db.query("SELECT setval(pg_get_serial_sequence('quant_jobs', 'id'), 98)");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = acceptedData<{ id: string }>(
        await postIdempotent(app, user, "quant/backtests", good),
        "bt",
      );
      ids.push(created.id);
      await db.query(
        "UPDATE quant_jobs SET status = 'failed', failure = 'no-candles', finished_at = now() WHERE id = $1",
        [created.id],
      );
    }
    type Page = { items: { id: string }[]; nextCursor: string | null };
    const first = acceptedData<Page>(await get(user, "backtests?limit=2"), "page 1");
    expect(first.items.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    const second = acceptedData<Page>(
      await get(user, `backtests?limit=2&cursor=${first.nextCursor}`),
      "page 2",
    );
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect(acceptedData<Page>(await get(user, "optimisations"), "none").items).toEqual([]);
  });
});
