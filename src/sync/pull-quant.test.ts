// The quant catalogue is fetched when missing or older than 10 minutes (a failed read keeps it),
// each plan's recorded backtest is read once and kept, one no plan links any more is forgotten,
// and sign-out forgets the user's quota and trades but not the public catalogue.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuantBacktest, QuantPlan } from "../../protocol/quant";
import { configureApi } from "../api/client";
import { clearUserData } from "../db/account-data";
import { database } from "../db/database";
import { readQuantCatalogue, saveQuantQuota, saveQuantTrades } from "../db/quant-data";
import { clearSession } from "../db/session";
import { freshDevice } from "../db/sync-test-fixtures";
import { pullPlanBacktests, pullQuantCatalogue, QUANT_CATALOGUE_MAX_AGE_MS } from "./pull-quant";

let calls: string[] = [];
/** Answers by path: the first route whose pattern matches. */
function serve(routes: [RegExp, number, unknown][]): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      calls.push(new URL(input.url).pathname);
      const route = routes.find(([pattern]) => pattern.test(input.url));
      const [, status, body] = route ?? [/./, 404, { HttpStatusCode: 404, Data: null }];
      return new Response(JSON.stringify(body), { status });
    }),
  );
}
const ok = (data: unknown) => ({ HttpStatusCode: 200, Message: "OK", Data: data });
const START = Date.parse("2026-01-01T00:00:00Z");

const plan = (id: string, backtestId: string | null): QuantPlan => ({
  id,
  level: 0,
  name: id,
  strategy: "grid",
  params: { levels: 10, spacing: 0.005 },
  minAmount: "10",
  maxAmount: "100",
  leverage: 1,
  tradingArea: ["BTC/USDT"],
  maxProfitRate: "0.05",
  maxLossRate: "0.05",
  durationHours: 24,
  durationMinutes: 1440,
  backtest:
    backtestId === null
      ? null
      : {
          from: "2025-12-02T00:00:00Z",
          to: "2026-01-01T00:00:00Z",
          returnRate: "0.01",
          maxDrawdown: "0.02",
          trades: 3,
          backtestId,
        },
});

const job = (id: string): QuantBacktest => ({
  id,
  status: "done",
  strategy: "grid",
  symbol: "BTC/USDT",
  interval: "1m",
  from: "2025-12-02T00:00:00Z",
  to: "2026-01-01T00:00:00Z",
  createdAt: "2026-01-01T00:00:00Z",
  finishedAt: "2026-01-01T00:00:09Z",
  failure: null,
  params: {},
  result: null,
});

describe("quant pulls", () => {
  beforeEach(async () => {
    await freshDevice("u1");
    calls = [];
    configureApi({ origin: "http://quanta.test", getToken: () => null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fetches the catalogue when missing, then not again until 10 minutes old or forced", async () => {
    serve([
      [/\/quant\/plans$/, 200, ok([plan("a", null)])],
      [/\/quant\/strategies$/, 200, ok([])],
    ]);
    await pullQuantCatalogue({ now: START });
    expect(calls.sort()).toEqual(["/api/v1/quant/plans", "/api/v1/quant/strategies"]);
    expect((await readQuantCatalogue())?.plans.map((p) => p.id)).toEqual(["a"]);
    await pullQuantCatalogue({ now: START + QUANT_CATALOGUE_MAX_AGE_MS - 1 });
    expect(calls).toHaveLength(2);
    serve([[/./, 503, { HttpStatusCode: 503, Message: "down", Code: "UNAVAILABLE", Data: null }]]);
    await expect(pullQuantCatalogue({ now: START, force: true })).resolves.toBeUndefined();
    expect((await readQuantCatalogue())?.plans.map((p) => p.id)).toEqual(["a"]);
  });

  it("reads each plan's backtest once, forgets unlinked ones, keeps the catalogue at sign-out", async () => {
    serve([
      [/\/quant\/plans$/, 200, ok([plan("a", "b1"), plan("b", "b2")])],
      [/\/quant\/strategies$/, 200, ok([])],
      [/\/quant\/backtests\/b1$/, 200, ok(job("b1"))],
      [/\/quant\/backtests\/b2$/, 200, ok(job("b2"))],
      [/\/quant\/backtests\/b3$/, 200, ok(job("b3"))],
    ]);
    await pullQuantCatalogue({ now: START });
    await pullPlanBacktests("u1");
    await pullPlanBacktests("u1");
    expect(calls.filter((c) => c.includes("/backtests/")).sort()).toEqual([
      "/api/v1/quant/backtests/b1",
      "/api/v1/quant/backtests/b2",
    ]);
    // The daily recomputation links plan a to a new backtest: the old one goes.
    serve([
      [/\/quant\/plans$/, 200, ok([plan("a", "b3"), plan("b", "b2")])],
      [/\/quant\/strategies$/, 200, ok([])],
      [/\/quant\/backtests\/b3$/, 200, ok(job("b3"))],
    ]);
    await pullQuantCatalogue({ now: START, force: true });
    await pullPlanBacktests("u1");
    expect((await database().quantPlanBacktests.toCollection().primaryKeys()).sort()).toEqual([
      "b2",
      "b3",
    ]);
    await saveQuantQuota("u1", {
      authorisedQuota: "100",
      lockedLimit: "0",
      availableQuota: "100",
      weightedScore: 0,
      creditLevel: 0,
    });
    await saveQuantTrades("u1", [
      {
        id: "t1",
        subscriptionId: "s1",
        symbol: "BTC/USDT",
        side: "buy",
        price: "60000",
        quantity: "0.001",
        fee: "0.06",
        tick: { seq: "1", price: "60000", ts: "2026-01-01T00:00:00.000Z", hash: "0".repeat(64) },
        time: "2026-01-01T00:00:00Z",
      },
    ]);
    await clearUserData("u1");
    expect(await database().quantQuota.count()).toBe(0);
    expect(await database().quantTrades.count()).toBe(0);
    expect(await database().quantPlanBacktests.count()).toBe(2);
    expect(await readQuantCatalogue()).toBeDefined();
  });

  it("reads no plan backtest once the user signed out (no request without a session)", async () => {
    serve([
      [/\/quant\/plans$/, 200, ok([plan("a", "b1")])],
      [/\/quant\/strategies$/, 200, ok([])],
      [/\/quant\/backtests\/b1$/, 200, ok(job("b1"))],
    ]);
    await pullQuantCatalogue({ now: START });
    clearSession();
    await pullPlanBacktests("u1");
    expect(calls.filter((c) => c.includes("/backtests/"))).toEqual([]);
    expect(await database().quantPlanBacktests.count()).toBe(0);
  });
});
