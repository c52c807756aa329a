// Quant plan test helpers: a tiny hand-checkable strategy, subscribing and running a plan as the
// route and the runner do (at chosen times, on ticks the test records), and reads of what a plan
// wrote (row, trades, bills, change-log puts). After every test the ledger must check clean and
// every user's frozen USDT must be exactly what their running plans hold.
import { expect } from "vitest";
import type { QuantStrategyId, QuantSubscription } from "../../../protocol/quant";
import type { Db, Queryable } from "../../../server/db/db";
import { checkLedger } from "../../../server/domain/ledger/check-ledger";
import { liveQuote } from "../../../server/domain/quant/plans/plan-quotes";
import {
  runSubscription,
  type RunResult,
} from "../../../server/domain/quant/plans/run-subscription";
import { subscribe } from "../../../server/domain/quant/plans/subscribe";
import type { Strategy } from "../../../server/domain/quant/strategies/strategy";
import type { MarketFeed } from "../../../server/market/market-feed";

/** A minute-aligned time in the past (the record must be older than "now" for real runs). */
export const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
export const USDT = 1_000_000n;

/**
 * All in once a candle closed above `threshold` (as a number), all out once one closed below it:
 * targets a reader can follow by hand. Warm-up `warm` candles.
 */
export function thresholdStrategy(threshold: number, warm = 0): Strategy<{ seen: number }> {
  return {
    id: "trend-following",
    params: [],
    warmUp: () => warm,
    init: () => ({ seen: 0 }),
    step: (state, candle) => ({
      target: candle.close >= threshold ? 1 : 0,
      state: { seen: state.seen + 1 },
    }),
  };
}

export function lookup(strategy: Strategy<{ seen: number }>) {
  return (_id: QuantStrategyId) => strategy as Strategy;
}

let keys = 0;

export async function subscribeAt(
  db: Db,
  userId: string,
  body: { planId: string; amount: string },
  atMs: number,
  key = `plan-test-${++keys}`,
): Promise<QuantSubscription> {
  return subscribe(db, { userId, body, idempotencyKey: key, demo: true, now: () => atMs });
}

/** One runner transaction at `nowMs` (what the worker runs per plan). */
export function runAt(
  db: Db,
  id: string,
  strategy: Strategy<{ seen: number }>,
  nowMs: number,
  feed?: MarketFeed,
): Promise<RunResult> {
  return db.transaction((tx) =>
    runSubscription(tx, id, {
      strategies: lookup(strategy),
      nowMs,
      quote: liveQuote(feed, nowMs),
      pageSize: 2_000,
    }),
  );
}

export async function planRow(db: Queryable, id: string) {
  const [row] = await db.query<{
    status: string;
    end_reason: string | null;
    pnl: string | null;
    cash: string;
    trades: number;
    fees: string;
  }>(
    `SELECT status, end_reason, pnl::text AS pnl, cash::text AS cash, trades, fees::text AS fees
       FROM quant_subscriptions WHERE id = $1`,
    [id],
  );
  if (!row) throw new Error(`no subscription ${id}`);
  return row;
}

export async function planTrades(db: Queryable, id: string) {
  return db.query<{
    side: string;
    price: string;
    quantity: string;
    notional: string;
    fee: string;
    fill: string;
    reason: string;
    tick_seq: string;
  }>(
    `SELECT side, price::text AS price, quantity::text AS quantity, notional::text AS notional,
            fee::text AS fee, fill, reason, tick_seq::text AS tick_seq
       FROM quant_trades WHERE subscription_id = $1 ORDER BY id`,
    [id],
  );
}

/** The plan's bills, oldest first: [type, amount in USDT units]. */
export async function planBills(db: Queryable, id: string) {
  const rows = await db.query<{ type: number; amount: string }>(
    `SELECT type, amount::text AS amount FROM bills
      WHERE ref_kind = 'quant-subscription' AND ref_id = $1 ORDER BY id`,
    [id],
  );
  return rows.map((r) => [r.type, BigInt(r.amount)] as const);
}

export async function planPuts(db: Queryable, id: string): Promise<QuantSubscription[]> {
  const rows = await db.query<{ data: QuantSubscription }>(
    `SELECT data FROM change_log WHERE entity = 'quant-subscription' AND entity_id = $1
      ORDER BY seq`,
    [id],
  );
  return rows.map((r) => r.data);
}

/** Users whose frozen USDT is not what their running plans hold (must always be none). */
export async function planFrozenMismatches(db: Queryable): Promise<unknown[]> {
  return db.query(
    `SELECT a.user_id::text, a.frozen::text
       FROM ledger_accounts a
       LEFT JOIN quant_subscriptions s ON s.user_id = a.user_id AND s.status = 'running'
      WHERE a.user_id IS NOT NULL AND a.asset = 'USDT'
      GROUP BY a.user_id, a.frozen
     HAVING a.frozen <> coalesce(sum(s.amount), 0)`,
  );
}

export async function expectBooksClean(db: Db): Promise<void> {
  expect((await checkLedger(db)).violations).toEqual([]);
  expect(await planFrozenMismatches(db)).toEqual([]);
}
