// A lab backtest from request to result through the real pieces (PGlite): POST /quant/backtests,
// the runner's worker thread computing it with the real backtester (job-compute.ts) on the stored
// candles, and GET /quant/backtests/{id} answering the result with its assumptions — the same
// answer as the user's last change-log entry, after "queued", "running" and "done". The same
// request gives the same result.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { QuantBacktest } from "../../protocol/quant";
import { startJobRunner, type JobRunner } from "../../server/domain/quant/jobs/job-runner";
import { acceptedData, postIdempotent } from "./helpers/idempotent-post";
import { seedCandles } from "./helpers/quant-jobs";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb);
const HOUR = 3_600_000;
const FIVE = 5 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let runner: JobRunner | undefined;
let endMs = 0;

beforeAll(async () => {
  ({ endMs } = await seedCandles(getDb(), "BTC/USDT", 72 * 60));
  runner = await startJobRunner({ db: getDb(), log: silent, pollMs: 50 });
});

afterAll(async () => {
  await runner?.stop();
});

async function finished(user: TestSession, id: string): Promise<QuantBacktest> {
  const until = Date.now() + 30_000;
  for (;;) {
    const response = await app.inject({
      method: "GET",
      url: `${API_BASE}/quant/backtests/${id}`,
      headers: bearer(user),
    });
    const job = acceptedData<QuantBacktest>(response, "backtest");
    if (job.status === "done" || job.status === "failed") return job;
    if (Date.now() > until) throw new Error(`backtest ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a lab backtest, end to end", () => {
  it("is computed on a worker thread by the backtester and answered with its assumptions", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    const body = {
      strategy: "trend-following",
      symbol: "BTC/USDT",
      interval: "5m",
      from: iso(endMs - 48 * HOUR),
      to: iso(endMs),
      params: { fastPeriod: 6, slowPeriod: 24 },
    };
    const { id } = acceptedData<{ id: string }>(
      await postIdempotent(app, user, "quant/backtests", body),
      "backtest",
    );
    const done = await finished(user, id);
    expect(done).toMatchObject({ status: "done", failure: null });
    const result = done.result;
    if (result === null) throw new Error("no result");
    // Whole 5-minute candles of the period.
    const from = Math.ceil((endMs - 48 * HOUR) / FIVE) * FIVE;
    const to = Math.floor(endMs / FIVE) * FIVE;
    expect(result.assumptions).toMatchObject({
      initialCapital: "10000",
      feeRate: "0.001",
      interval: "5m",
      candles: (to - from) / FIVE,
      from: iso(from),
      to: iso(to),
      leverage: 1,
      params: done.params,
    });
    expect(result.equity.length).toBeGreaterThan(100);
    expect(result.equity[0]).toEqual([iso(from), "10000"]);
    // A wave of a few percent: the trend follower trades it.
    expect(result.trades).toBeGreaterThan(0);
    expect(result.fills).toHaveLength(result.trades);

    const entries = await db.query<{ data: QuantBacktest }>(
      `SELECT data FROM change_log WHERE user_id = $1 AND entity = 'quant-backtest' ORDER BY seq`,
      [user.userId],
    );
    expect(entries.map((e) => e.data.status)).toEqual(["queued", "running", "done"]);
    expect(entries.at(-1)?.data).toEqual(done);

    // Same input, same output.
    const again = acceptedData<{ id: string }>(
      await postIdempotent(app, user, "quant/backtests", body),
      "again",
    );
    expect((await finished(user, again.id)).result).toEqual(result);
  });

  it("an optimisation is computed off the request path and answered by the GET", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    const body = {
      strategy: "mean-reversion",
      symbol: "BTC/USDT",
      interval: "15m",
      from: iso(endMs - 60 * HOUR),
      to: iso(endMs),
      windows: 3,
    };
    const { id } = acceptedData<{ id: string }>(
      await postIdempotent(app, user, "quant/optimisations", body),
      "optimisation",
    );
    const until = Date.now() + 60_000;
    for (;;) {
      const response = await app.inject({
        method: "GET",
        url: `${API_BASE}/quant/optimisations/${id}`,
        headers: bearer(user),
      });
      const job = acceptedData<{ status: string; result: unknown; failure: string | null }>(
        response,
        "optimisation",
      );
      if (job.status === "done" || job.status === "failed") {
        expect(job).toMatchObject({ status: "done", failure: null });
        expect(job.result).toMatchObject({
          windows: expect.any(Array),
          overfitWarning: expect.any(Boolean),
        });
        return;
      }
      if (Date.now() > until) throw new Error(`optimisation still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
