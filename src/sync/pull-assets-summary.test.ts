// The account pull stores GET /assets/summary (30 days, this device's zone) for /my's Summary tab;
// a failed read keeps the stored summary and never fails the pull.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AssetsOverview } from "../../protocol";
import { configureApi } from "../api/client";
import { database } from "../db/database";
import { freshDevice } from "../db/sync-test-fixtures";
import { pullAccount } from "./pull-account";

const overview: AssetsOverview = {
  balances: [],
  usdt: { available: "0", frozen: "0", withdrawing: "0", withdrawn: "0" },
  income: { today: "0", yesterday: "0", total: "0" },
  creditLevel: 0,
  loan: "0",
  equityUsd: "0",
};
const zero = { today: "0", yesterday: "0", d7: "0", d30: "0", total: "0" };
const summary = {
  income: { spot: zero, contract: zero, options: zero, plans: { ...zero, total: "5" } },
  equity: [["2026-11-26", "105"]],
  timeZone: "UTC",
};

let summaryStatus = 200;
let summaryQueries: URLSearchParams[] = [];

describe("pullAccount and the assets summary", () => {
  beforeEach(async () => {
    await freshDevice("u1");
    summaryStatus = 200;
    summaryQueries = [];
    configureApi({ origin: "http://quanta.test", getToken: () => "t" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        const url = new URL(input.url);
        const ok = (data: unknown) =>
          new Response(JSON.stringify({ HttpStatusCode: 200, Message: "OK", Data: data }));
        if (url.pathname.endsWith("/sync")) return ok({ changes: [], cursor: "0", hasMore: false });
        if (url.pathname.endsWith("/assets/overview")) return ok(overview);
        if (url.pathname.endsWith("/assets/summary")) {
          summaryQueries.push(url.searchParams);
          if (summaryStatus !== 200) return new Response("{}", { status: summaryStatus });
          return ok(summary);
        }
        return new Response("{}", { status: 503 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("stores the 30-day summary for this device's zone, and keeps it when a read fails", async () => {
    await pullAccount("u1");
    expect(summaryQueries.map((q) => q.get("days"))).toEqual(["30"]);
    expect(summaryQueries[0]?.get("tz")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const stored = await database().assetsSummaries.get("u1");
    expect(stored).toMatchObject({ userId: "u1", equity: [["2026-11-26", "105"]] });
    expect(stored?.income.plans.total).toBe("5");

    summaryStatus = 503;
    await pullAccount("u1");
    expect(summaryQueries).toHaveLength(2);
    expect(await database().assetsSummaries.get("u1")).toEqual(stored);
  });
});
