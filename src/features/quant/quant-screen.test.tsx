// /intelligent against IndexedDB and a stubbed fetch: offline, everything seen renders from the
// device (quota, plans by level with the locked one's level, a plan's recorded backtest with its
// equity curve and assumptions, a plan without one, running and ended plans, a lab result) and
// every online-only action says why it is disabled; the subscribe sheet words the plan's rules
// as the server's refusals and sends with an Idempotency-Key; a running plan's pnl follows the
// ticker. The equity chart is a stub (uPlot needs a canvas); no sockets.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  QuantBacktest,
  QuantBacktestResult,
  QuantPlan,
  QuantSubscription,
} from "../../../protocol/quant";
import { saveAssetsOverview } from "../../db/account-data";
import { database } from "../../db/database";
import {
  saveQuantCatalogue,
  saveQuantJobAnswer,
  saveQuantPlanBacktest,
  saveQuantQuota,
  saveQuantSubscriptionAnswer,
} from "../../db/quant-data";
import { reportReachability } from "../../sync/online";
import { putContractTicker } from "../../test/contract-fixtures";
import { renderInEnglish, signInAs, useScreenTest } from "../../test/screen-test";
import { QuantScreen } from "./quant-screen";

vi.mock("./quant-equity-chart", () => ({
  EquityChart: (props: { points: unknown[]; testId?: string }) => (
    <div data-testid={props.testId} data-points={props.points.length} />
  ),
}));

/** A shared machine can be slow: a missed second must not fail a test. */
const SLOW = { timeout: 5_000 };

let sent: { method: string; url: string; key: string | null; body: unknown }[] = [];

/** The server answers each request with the next reply whose URL matches (else 500). */
function answer(...replies: { path: RegExp; status: number; body: unknown }[]): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const text = await input.text();
      sent.push({
        method: input.method,
        url: input.url,
        key: input.headers.get("Idempotency-Key"),
        body: text === "" ? null : JSON.parse(text),
      });
      const index = replies.findIndex((reply) => reply.path.test(input.url));
      const [reply = { status: 500, body: {} }] = index === -1 ? [] : replies.splice(index, 1);
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}

const ASSUMPTIONS = {
  initialCapital: "1000",
  feeRate: "0.001",
  slippage: "walks the recorded book",
  fillAt: "the next candle's open",
  slippageRate: "0.0005",
  rebalanceBand: "0.05",
  interval: "1h" as const,
  candles: 720,
  from: "2026-10-27T00:00:00Z",
  to: "2026-11-26T00:00:00Z",
  leverage: 1,
  params: { fastPeriod: 12, slowPeriod: 26 },
};

const RESULT: QuantBacktestResult = {
  returnRate: "0.0523",
  maxDrawdown: "0.081",
  sharpe: "1.2",
  winRate: "0.55",
  exposure: "0.4",
  trades: 14,
  equity: [
    ["2026-10-27T00:00:00Z", "1000"],
    ["2026-11-10T00:00:00Z", "980.5"],
    ["2026-11-26T00:00:00Z", "1052.3"],
  ],
  fills: [],
  assumptions: ASSUMPTIONS,
};

function plan(patch: Partial<QuantPlan>): QuantPlan {
  return {
    id: "entry",
    level: 0,
    name: "Entry trend",
    strategy: "trend-following",
    params: { fastPeriod: 12, slowPeriod: 26 },
    minAmount: "10",
    maxAmount: "100",
    leverage: 1,
    tradingArea: ["BTC/USDT"],
    maxProfitRate: "0.1",
    maxLossRate: "0.05",
    durationHours: 24,
    durationMinutes: 1440,
    backtest: {
      from: ASSUMPTIONS.from,
      to: ASSUMPTIONS.to,
      returnRate: "0.0523",
      maxDrawdown: "0.081",
      trades: 14,
      backtestId: "bt-plan",
    },
    ...patch,
  };
}

const PLANS = [
  plan({}),
  plan({ id: "grid3", level: 3, strategy: "grid", params: {}, backtest: null }),
  plan({ id: "duo", tradingArea: ["BTC/USDT", "ETH/USDT"] }),
];

function subscription(patch: Partial<QuantSubscription>): QuantSubscription {
  return {
    id: "s1",
    planId: "entry",
    strategy: "trend-following",
    amount: "100",
    leverage: 1,
    tradingArea: ["BTC/USDT"],
    maxProfitRate: "0.1",
    maxLossRate: "0.05",
    status: "running",
    startedAt: "2026-11-26T10:00:00Z",
    deliveryAt: "2026-11-27T10:00:00Z",
    endedAt: null,
    endReason: null,
    pnl: null,
    realisedPnl: "-0.5",
    fees: "0.12",
    trades: 3,
    positions: [{ symbol: "BTC/USDT", quantity: "0.01", averagePrice: "60000" }],
    lastTickSeq: "970",
    ...patch,
  };
}

const LAB_JOB: QuantBacktest = {
  id: "bt-mine",
  status: "done",
  strategy: "mean-reversion",
  symbol: "ETH/USDT",
  interval: "1h",
  from: ASSUMPTIONS.from,
  to: ASSUMPTIONS.to,
  createdAt: "2026-11-26T09:00:00Z",
  finishedAt: "2026-11-26T09:00:05Z",
  failure: null,
  params: { period: 20, deviations: 2 },
  result: RESULT,
};

async function storeQuant(): Promise<void> {
  await saveQuantCatalogue(PLANS, [
    {
      id: "trend-following",
      params: [{ name: "fastPeriod", min: 2, max: 50, step: 1, default: 12 }],
    },
  ]);
  await saveQuantPlanBacktest({ ...LAB_JOB, id: "bt-plan", strategy: "trend-following" });
  await saveQuantQuota("u1", {
    authorisedQuota: "100",
    lockedLimit: "50",
    availableQuota: "50",
    weightedScore: 120,
    creditLevel: 0,
  });
  await saveAssetsOverview("u1", {
    balances: [{ asset: "USDT", available: "500", frozen: "0" }],
    usdt: { available: "500", frozen: "0", withdrawing: "0", withdrawn: "0" },
    income: { today: "0", yesterday: "0", total: "0" },
    creditLevel: 0,
    loan: "0",
    equityUsd: "500",
  });
  await saveQuantSubscriptionAnswer("u1", subscription({}));
  await saveQuantSubscriptionAnswer(
    "u1",
    subscription({
      id: "s0",
      status: "stopped",
      startedAt: "2026-11-25T10:00:00Z",
      endedAt: "2026-11-25T11:00:00Z",
      endReason: "max-loss",
      pnl: "-5.2",
      positions: [],
    }),
  );
  await saveQuantJobAnswer("u1", { kind: "backtest", data: LAB_JOB });
  await putContractTicker("61000.00");
}

const byId = (testId: string) => screen.getByTestId(testId);
const text = (testId: string) => byId(testId).textContent;
const click = (testId: string) => act(async () => fireEvent.click(byId(testId)));

describe("<QuantScreen>", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
    sent = [];
    answer();
    reportReachability(true);
    await storeQuant();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reportReachability(true);
  });

  it("renders offline from IndexedDB, with the reason on every online-only action", async () => {
    reportReachability(false);
    await renderInEnglish(<QuantScreen />);
    await screen.findByTestId("quant-quota", {}, SLOW);
    expect(text("quant-quota-available")).toBe("50");
    expect(text("quant-score")).toBe("Weighted score 120 of 1,000");
    // Plans by level; the level-3 plan is locked and says so; it has no backtest yet.
    const entry = byId("quant-plan-entry");
    expect(within(entry).getByTestId("quant-plan-range").textContent).toBe("10 – 100");
    expect(within(entry).getByTestId("quant-plan-blocked").textContent).toBe(
      "You are offline. This needs a connection to the server.",
    );
    expect((within(entry).getByTestId("quant-plan-subscribe") as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() => within(entry).getByTestId("quant-plan-result"), SLOW);
    expect(within(entry).getByTestId("quant-return").textContent).toBe("+5.23");
    expect(within(entry).getByTestId("quant-drawdown").textContent).toBe("8.1");
    expect(within(entry).getByTestId("quant-trades-count").textContent).toBe("14");
    expect(
      (await within(entry).findByTestId("quant-plan-result-equity", {}, SLOW)).dataset.points,
    ).toBe("3");
    // Worded by the app from the figures (the server's English texts are for API readers).
    expect(within(entry).getByTestId("quant-assumption-slippage").textContent).toContain(
      "Every fill is 0.05 % worse than its price",
    );
    expect(within(entry).getByTestId("quant-assumption-fill").textContent).toContain(
      "at least 5 % of buying power",
    );
    expect(within(entry).getByTestId("quant-past-results").textContent).toContain(
      "Past results do not predict future ones",
    );
    // A plan trading two symbols says its backtest covers the first only.
    expect(within(entry).queryByTestId("quant-plan-backtest-coverage")).toBeNull();
    expect(
      within(byId("quant-plan-duo")).getByTestId("quant-plan-backtest-coverage").textContent,
    ).toBe("On BTC/USDT only: the plan also trades ETH/USDT, which this backtest does not cover.");
    const locked = byId("quant-plan-grid3");
    expect(within(locked).getByTestId("quant-plan-locked").textContent).toBe(
      "This plan needs credit level 3; yours is 0.",
    );
    expect(within(locked).getByTestId("quant-plan-no-backtest")).toBeTruthy();
    // Running: live pnl from the stored ticker, and stop disabled with the reason.
    await click("quant-tab-running");
    const running = await screen.findByTestId("quant-sub-s1", {}, SLOW);
    expect(within(running).getByTestId("quant-sub-pnl").textContent).toBe("+9.5");
    expect(within(running).getByTestId("quant-stop-blocked").textContent).toBe(
      "You are offline. This needs a connection to the server.",
    );
    expect((within(running).getByTestId("quant-stop") as HTMLButtonElement).disabled).toBe(true);
    // History: booked pnl and how it ended.
    await click("quant-tab-history");
    const ended = await screen.findByTestId("quant-sub-s0", {}, SLOW);
    expect(within(ended).getByTestId("quant-sub-pnl").textContent).toBe("-5.2");
    expect(within(ended).getByTestId("quant-sub-state").textContent).toBe(
      "Stopped at its loss limit",
    );
    // Lab: the stored result; running a backtest says why it cannot.
    await click("quant-tab-lab");
    const job = await screen.findByTestId("quant-job-bt-mine", {}, SLOW);
    expect(within(job).getByTestId("quant-job-state").textContent).toBe("Done");
    expect(
      (await within(job).findByTestId("quant-job-result-equity", {}, SLOW)).dataset.points,
    ).toBe("3");
    expect(text("quant-lab-offline")).toBe(
      "You are offline. This needs a connection to the server.",
    );
    expect((byId("quant-lab-run") as HTMLButtonElement).disabled).toBe(true);
    expect(text("quant-lab-optimise-about")).toContain("parameter search with walk-forward");
    expect(sent).toEqual([]);
  });

  it("words the plan's rules in the subscribe sheet, then subscribes with an Idempotency-Key", async () => {
    const refusal = {
      path: /\/quant\/subscriptions$/,
      status: 422,
      body: {
        HttpStatusCode: 422,
        Message: "Insufficient balance",
        Code: "INSUFFICIENT_BALANCE",
        Params: { asset: "USDT", available: "10", needed: "20" },
        Data: null,
      },
    };
    const started = subscription({ id: "s9", amount: "20", positions: [], realisedPnl: "0" });
    answer(refusal, {
      path: /\/quant\/subscriptions$/,
      status: 200,
      body: { HttpStatusCode: 200, Message: "OK", Data: started },
    });
    await renderInEnglish(<QuantScreen />);
    const entry = await screen.findByTestId("quant-plan-entry", {}, SLOW);
    await act(async () => fireEvent.click(within(entry).getByTestId("quant-plan-subscribe")));
    const sheet = await screen.findByTestId("quant-subscribe", {}, SLOW);
    expect(text("quant-subscribe-hint")).toBe(
      "From 10 to 100 USDT. Your quota leaves 50 USDT; your balance is 500 USDT.",
    );
    expect(text("quant-subscribe-house")).toContain(
      "Quanta (the house) is the counterparty to every trade this plan makes, at the market feed's prices",
    );
    expect(within(sheet).getByTestId("risk-warning")).toBeTruthy();
    const amount = (value: string) =>
      fireEvent.input(byId("quant-subscribe-amount"), { target: { value } });
    amount("5");
    expect(text("quant-subscribe-max-loss")).toContain("loss reaches 5 % of the amount: 0.25 USDT");
    await click("quant-subscribe-ok");
    expect(text("quant-subscribe-error")).toBe("This plan takes from 10 to 100 USDT.");
    amount("80");
    await click("quant-subscribe-ok");
    expect(text("quant-subscribe-error")).toBe("Your plan quota leaves 50 USDT for new plans.");
    expect(sent.filter((r) => r.method === "POST")).toEqual([]);
    // Within the rules: the server refuses the balance, worded; the retry reuses the key.
    amount("20");
    await click("quant-subscribe-ok");
    expect((await screen.findByTestId("quant-subscribe-error", {}, SLOW)).textContent).toBe(
      "Insufficient available balance: 10 USDT available, 20 USDT needed.",
    );
    await click("quant-subscribe-ok");
    await waitFor(() => expect(screen.queryByTestId("quant-subscribe")).toBeNull(), SLOW);
    const posts = sent.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]).toMatchObject({ body: { planId: "entry", amount: "20" } });
    expect(posts[0]?.key).toMatch(/.{16,}/);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    // The answer is stored at once and the running tab shows it.
    expect(await screen.findByTestId("quant-sub-s9", {}, SLOW)).toBeTruthy();
    expect(await database().quantSubscriptions.get("s9")).toMatchObject({ userId: "u1" });
  });

  it("marks a running plan's pnl at the ticker's last price as it moves", async () => {
    await renderInEnglish(<QuantScreen />);
    await click("quant-tab-running");
    const running = await screen.findByTestId("quant-sub-s1", {}, SLOW);
    const pnl = () => within(running).getByTestId("quant-sub-pnl").textContent;
    // −0.5 realised + 0.01 × (61,000 − 60,000).
    expect(pnl()).toBe("+9.5");
    await act(async () => putContractTicker("59000.00"));
    // −0.5 + 0.01 × (59,000 − 60,000).
    await waitFor(() => expect(pnl()).toBe("-10.5"), SLOW);
    expect(within(running).getByTestId("quant-sub-positions").textContent).toContain(
      "last price 59,000.00",
    );
  });

  it("queues a lab backtest, cut to the record when the period reaches past it, and shows it", async () => {
    const limit = "2026-11-25T12:00:00.000Z";
    const queued = { ...LAB_JOB, id: "bt-new", status: "queued" as const, result: null };
    answer(
      {
        path: /\/quant\/backtests$/,
        status: 400,
        body: {
          HttpStatusCode: 400,
          Message: "Invalid body",
          Code: "VALIDATION",
          Params: { field: "from", rule: "at-least", limit },
          Data: null,
        },
      },
      {
        path: /\/quant\/backtests$/,
        status: 200,
        body: { HttpStatusCode: 200, Message: "OK", Data: { id: "bt-new", status: "queued" } },
      },
      {
        path: /\/quant\/backtests\/bt-new$/,
        status: 200,
        body: { HttpStatusCode: 200, Message: "OK", Data: queued },
      },
    );
    await renderInEnglish(<QuantScreen />);
    await click("quant-tab-lab");
    // The form paints before the strategy catalogue's parameters are read from the device.
    const fast = await screen.findByTestId("quant-lab-param-fastPeriod", {}, SLOW);
    expect((fast as HTMLInputElement).value).toBe("12");
    // Out of the published range: not sent.
    fireEvent.input(byId("quant-lab-param-fastPeriod"), { target: { value: "99" } });
    expect((byId("quant-lab-run") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(byId("quant-lab-param-fastPeriod"), { target: { value: "8" } });
    await click("quant-lab-run");
    const job = await screen.findByTestId("quant-job-bt-new", {}, SLOW);
    expect(within(job).getByTestId("quant-job-state").textContent).toBe("Queued");
    const posts = sent.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toMatchObject({
      strategy: "trend-following",
      symbol: "BTC/USDT",
      interval: "1h",
      params: { fastPeriod: 8 },
    });
    expect(posts[1]?.body).toMatchObject({
      from: limit,
      to: (posts[0]?.body as { to: string }).to,
    });
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
  });
});
