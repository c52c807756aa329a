// AI quant plans end to end (issue 20), every part real: the simulated market, the plan runner and
// the lab's job queue. On /intelligent the user sees their level-0 quota, subscribes to the demo
// 10-minute plan through the sheet (its hint is the plan's range and the quota left), sees it run
// (the runner moves its tick cursor and trades, the screen marks its pnl and lists the trade with
// the tick it used), stops it, and finds it in history
// with the pnl the server booked; /records holds its 103/104 bills (and 102 or 202 when it
// earned or lost), /my's available USDT is the credit plus that pnl. Then the lab runs a backtest
// over the last day of recorded candles and its equity curve is drawn. Offline, all of it renders
// from IndexedDB and subscribing is disabled with the reason.
import { afterAll, describe, expect, it } from "vitest";
import type { QuantPlan, QuantSubscription } from "../../protocol/quant";
import { api, demoCredit, SERVER_POLL_MS } from "./helpers/accounts";
import { byTestId, numberShown, recordTypes } from "./helpers/contract-screen";
import { overviewOf, usdtText, usdtUnits } from "./helpers/contract";
import { copyDist } from "./harness/dist-copy";
import { LOCAL, setNetwork, textOf, tokenOf, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";
import { risingMarketSeed } from "./helpers/rising-market";
import { useE2E } from "./harness/fixtures";

const PLAN = "demo-10-minutes";
/** The demo plan's strategy and parameters (migration 019); the test checks the server agrees. */
const PLAN_STRATEGY = "trend-following";
const PLAN_PARAMS = {
  fastPeriod: 5,
  slowPeriod: 15,
  volatilityPeriod: 15,
  targetVolatility: 0.002,
};
const PLAN_SYMBOL = "BTC/USDT";
const CREDIT = "1000";
const AMOUNT = "20";
/** The runner acts on every flush of recorded ticks; a minute covers candles closing too. */
const RUNS = { timeout: 90_000, interval: SERVER_POLL_MS } as const;
const JOB = { timeout: 120_000, interval: SERVER_POLL_MS } as const;

// A market whose history ends rising, so the plan (a trend follower) buys at its first candle
// close, within a minute or two, instead of whenever a random walk next turns up: the default
// seed's history ends falling, and the test waited five minutes for a trade that mostly never
// came. The gap found survives several minutes of ordinary moves (rising-market.ts).
const BACKFILL_DAYS = 1;
const market = risingMarketSeed({
  symbol: PLAN_SYMBOL,
  params: PLAN_PARAMS,
  backfillDays: BACKFILL_DAYS,
  minutes: 4,
  margin: 0.0015,
});
/** From the subscription to its first trade: one candle close, the runner's flush, with room. */
const FIRST_TRADE = { timeout: 150_000, interval: SERVER_POLL_MS } as const;

// A private copy of dist/: the offline part loads the shell the service worker precached.
const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({
  server: {
    distDir: dist.dir,
    env: { MARKET_SEED: market.seed, MARKET_BACKFILL_DAYS: String(BACKFILL_DAYS) },
  },
});

describe("quant plans and the lab", () => {
  it(
    "subscribes to the 10-minute demo plan, sees it run, stops it, finds its pnl in history, /records and /my; a lab backtest draws its equity curve",
    { timeout: 600_000 },
    async () => {
      const { page, server, session, log } = e2e;
      await signInThroughLogin(page);
      await waitForServiceWorker(page);
      const token = await tokenOf(page);
      await demoCredit(server, token, CREDIT);
      const subscriptionOf = async (id: string) => {
        const answer = await api<{ items: QuantSubscription[] }>(
          server,
          "GET",
          "quant/subscriptions",
          {
            token,
          },
        );
        return answer.body.Data.items.find((item) => item.id === id) ?? null;
      };

      // 1. The quota of level 0 and the demo plan, from IndexedDB once pulled.
      await page.goto("/intelligent");
      await page.getByTestId("screen-intelligent").waitFor();
      await page.getByTestId("quant-quota").waitFor(LOCAL);
      expect(await page.getByTestId("quant-quota").getAttribute("data-level")).toBe("0");
      expect(await numberShown(page, byTestId("quant-quota-available"))).toBe("100");
      const plans = await api<QuantPlan[]>(server, "GET", "quant/plans");
      expect(plans.body.Data.find((plan) => plan.id === PLAN)).toMatchObject({
        strategy: PLAN_STRATEGY,
        params: PLAN_PARAMS,
        tradingArea: [PLAN_SYMBOL],
      });
      const card = page.getByTestId(`quant-plan-${PLAN}`);
      await card.waitFor(LOCAL);
      expect(await textOf(card.getByTestId("quant-plan-range"))).toMatch(/10.*100/);

      // 2. Subscribe through the sheet: the plan's range and the quota are its hint.
      await card.getByTestId("quant-plan-subscribe").click();
      await page.getByTestId("quant-subscribe").waitFor(LOCAL);
      expect(await textOf(page.getByTestId("quant-subscribe-hint"))).toContain("100");
      expect(await textOf(page.getByTestId("quant-subscribe-house"))).toMatch(/counterparty/);
      await page.getByTestId("risk-warning").first().waitFor();
      await page.getByTestId("quant-subscribe-amount").fill(AMOUNT);
      await page.getByTestId("quant-subscribe-ok").click();
      await page.getByTestId("quant-subscribe").waitFor({ state: "detached", ...LOCAL });
      const listed = await api<{ items: QuantSubscription[] }>(
        server,
        "GET",
        "quant/subscriptions",
        {
          token,
        },
      );
      expect(listed.body.Data.items).toHaveLength(1);
      const started = listed.body.Data.items[0] as QuantSubscription;
      expect(started).toMatchObject({ planId: PLAN, amount: AMOUNT, status: "running" });
      const row = `quant-sub-${started.id}`;
      await page.getByTestId(row).waitFor(LOCAL);
      expect(await page.getByTestId(row).getAttribute("data-status")).toBe("running");
      expect(usdtUnits((await overviewOf(server, token)).usdt.frozen)).toBe(usdtUnits(AMOUNT));

      // 3. It runs: the runner reads the ticks after its start; the strategy (a 5/15 EMA cross on
      // 1m candles) buys at the first candle close, the fast average being above the slow one
      // on this market. The screen follows through the change log.
      const firstSeq = started.lastTickSeq;
      await expect
        .poll(async () => (await subscriptionOf(started.id))?.lastTickSeq ?? null, RUNS)
        .not.toBe(firstSeq);
      await expect
        .poll(async () => (await subscriptionOf(started.id))?.trades ?? 0, FIRST_TRADE)
        .toBeGreaterThan(0);
      await expect
        .poll(() => textOf(page.locator(byTestId("quant-sub-pnl", row))), LOCAL)
        .toMatch(/\d/);
      // Its trades, each with the recorded tick it used, while it runs.
      await page.locator(byTestId("quant-sub-trades-toggle", row)).click();
      await expect
        .poll(() => page.locator(byTestId("quant-trade-tick", row)).count(), LOCAL)
        .toBeGreaterThan(0);
      expect(await textOf(page.locator(byTestId("quant-trade-tick", row)).first())).toMatch(
        /Tick #\d+/,
      );

      // 4. Stop it: it moves to history with the pnl the server booked.
      await page.locator(byTestId("quant-stop", row)).click();
      await page.locator(byTestId("quant-stop-ok", row)).click();
      await expect
        .poll(async () => (await subscriptionOf(started.id))?.status, LOCAL)
        .toBe("stopped");
      const stopped = (await subscriptionOf(started.id)) as QuantSubscription;
      expect(stopped.endReason).toBe("user");
      const pnl = stopped.pnl ?? "";
      expect(pnl).toMatch(/^-?\d/);
      await page.getByTestId("quant-tab-history").click();
      await page.getByTestId(row).waitFor(LOCAL);
      await expect
        .poll(() => numberShown(page, byTestId("quant-sub-pnl", row)), LOCAL)
        .toBe(usdtText(usdtUnits(pnl)));
      expect(await textOf(page.locator(byTestId("quant-sub-state", row)))).toBe("Stopped by you");
      // Its trades on the server: the stop sold what it held, so it has a booked result (never
      // zero: each fill paid its fee).
      expect(stopped.trades).toBeGreaterThan(0);
      const booked = usdtUnits(pnl);
      expect(booked).not.toBe(0n);

      // 5. /records: the amount frozen and back, and the result booked.
      const expected = ["103", "104", "106", booked > 0n ? "102" : "202"];
      await page.goto("/records");
      await page.getByTestId("screen-records").waitFor();
      await expect.poll(() => recordTypes(page), LOCAL).toEqual(expected.sort());

      // 6. /my: the available USDT is the credit plus the plan's pnl; nothing stays frozen.
      const after = await overviewOf(server, token);
      expect(usdtUnits(after.usdt.available)).toBe(usdtUnits(CREDIT) + booked);
      expect(usdtUnits(after.usdt.frozen)).toBe(0n);
      await page.goto("/my");
      await page.getByTestId("screen-my").waitFor();
      await expect
        .poll(() => numberShown(page, byTestId("my-usdt-available")), LOCAL)
        .toBe(usdtText(usdtUnits(CREDIT) + booked));

      // 7. The lab: a backtest over the last day of 5-minute candles, queued, run, drawn.
      await page.goto("/intelligent");
      await page.getByTestId("quant-tab-lab").click();
      await page.getByTestId("quant-lab-form").waitFor(LOCAL);
      await page.getByTestId("quant-lab-strategy").selectOption("trend-following");
      await page.getByTestId("quant-lab-symbol").selectOption("BTC/USDT");
      await page.getByTestId("quant-lab-interval").selectOption("5m");
      await page.getByTestId("quant-lab-days").selectOption("1");
      await page.getByTestId("quant-lab-run").click();
      const job = page.locator('[data-testid^="quant-job-"][data-kind="backtest"]').first();
      await job.waitFor(LOCAL);
      expect(await textOf(page.getByTestId("quant-lab-error"))).toBe("");
      await expect.poll(() => job.getAttribute("data-status"), JOB).toBe("done");
      const equity = job.getByTestId("quant-job-result-equity");
      await equity.waitFor(LOCAL);
      expect(Number(await equity.getAttribute("data-points"))).toBeGreaterThan(1);
      await job.locator("canvas").first().waitFor(LOCAL);
      expect(await job.getByTestId("quant-past-results").count()).toBe(1);
      expect(await job.getByTestId("quant-assumptions").count()).toBe(1);
      const jobId = (await job.getAttribute("data-testid")) ?? "";

      // 8. Offline: the plans, the ended plan and the lab result render from IndexedDB, and
      // subscribing is disabled with the reason.
      await setNetwork(session.context, false);
      await page.goto("/intelligent").catch(() => undefined);
      await page.getByTestId("screen-intelligent").waitFor(LOCAL);
      const offlineCard = page.getByTestId(`quant-plan-${PLAN}`);
      await offlineCard.waitFor(LOCAL);
      await expect
        .poll(() => textOf(offlineCard.getByTestId("quant-plan-blocked")), LOCAL)
        .toMatch(/offline/i);
      expect(await offlineCard.getByTestId("quant-plan-subscribe").isDisabled()).toBe(true);
      await page.getByTestId("quant-tab-history").click();
      await page.getByTestId(row).waitFor(LOCAL);
      expect(await numberShown(page, byTestId("quant-sub-pnl", row))).toBe(usdtText(booked));
      await page.getByTestId("quant-tab-lab").click();
      await page.getByTestId(jobId).waitFor(LOCAL);
      expect(await page.getByTestId("quant-lab-run").isDisabled()).toBe(true);
      const offlineEquity = page.getByTestId(jobId).getByTestId("quant-job-result-equity");
      await offlineEquity.waitFor(LOCAL);
      expect(Number(await offlineEquity.getAttribute("data-points"))).toBeGreaterThan(1);
      await setNetwork(session.context, true);

      expect(log.pageErrors).toEqual([]);
    },
  );
});
