// The /intelligent screen's test kit (quant-screen.test.tsx, quant-lab.test.tsx), over the stubbed
// server of fake-server.ts: the plans, a subscription, a lab job and its result as the
// server answers them, stored on the device before each test.
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import type {
  QuantBacktest,
  QuantBacktestResult,
  QuantPlan,
  QuantSubscription,
} from "../../protocol/quant";
import { saveAssetsOverview } from "../db/account-data";
import {
  saveQuantCatalogue,
  saveQuantJobAnswer,
  saveQuantPlanBacktest,
  saveQuantQuota,
  saveQuantSubscriptionAnswer,
} from "../db/quant-data";
import { reportReachability } from "../sync/online";
import { putContractTicker } from "./contract-fixtures";
import { answer, clearSent } from "./fake-server";
import { signInAs, useScreenTest } from "./screen-test";

/** A shared machine can be slow: a missed second must not fail a test. */
export const SLOW = { timeout: 5_000 };

/** What the app sent, in order, since the test began. */

export const ASSUMPTIONS = {
  initialCapital: "1000",
  feeRate: "0.001",
  // The server's own words for its assumptions, as the API sends them (not the app's text).
  // eslint-disable-next-line lingui/no-unlocalized-strings
  slippage: "walks the recorded book",
  // eslint-disable-next-line lingui/no-unlocalized-strings
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

export const RESULT: QuantBacktestResult = {
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

export function plan(patch: Partial<QuantPlan>): QuantPlan {
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

export const PLANS = [
  plan({}),
  plan({ id: "grid3", level: 3, strategy: "grid", params: {}, backtest: null }),
  plan({ id: "duo", tradingArea: ["BTC/USDT", "ETH/USDT"] }),
];

export function subscription(patch: Partial<QuantSubscription>): QuantSubscription {
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

export const LAB_JOB: QuantBacktest = {
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

export async function storeQuant(): Promise<void> {
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

export const byId = (testId: string) => screen.getByTestId(testId);
export const text = (testId: string) => byId(testId).textContent;
export const click = (testId: string) => act(async () => fireEvent.click(byId(testId)));

/** Signed in as u1, online, everything above stored, nothing sent yet. */
export function useQuantScreenTest(): void {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
    clearSent();
    answer();
    reportReachability(true);
    await storeQuant();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reportReachability(true);
  });
}
