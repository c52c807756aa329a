// The one path every change of a running plan takes, inside the caller's transaction: lock the
// row, stop unless it is still running (so two runners, or a user's stop racing the delivery,
// end it exactly once), bring it forward over the ticks recorded after its cursors (page by
// page, in order: plan-advance.ts), then end it when a limit was reached, its delivery time has
// passed with every tick before it run, or the user stops it. The end sells everything, books
// the result (plan-postings.ts) and marks the row ended — with its trades, the book, the kept
// ticks and the change-log entry, one transaction.
import { USDT_SCALE } from "../../../../protocol/assets";
import { parseUnits } from "../../../../protocol/decimal";
import {
  planSettlement,
  type QuantEndReason,
  type QuantStrategyId,
} from "../../../../protocol/quant";
import { rateOf } from "../../../../protocol/spot-rules";
import type { Queryable } from "../../../db/db";
import {
  lockQuantSubscription,
  markQuantSubscriptionEnded,
  saveRunningBook,
  type QuantSubscriptionRow,
} from "../../../db/repositories/quant-subscription-repository";
import {
  hasTickFrom,
  readCandlesBefore,
  readPlanCandles,
  readPlanTicks,
  type PlanCandleRow,
} from "../../../db/repositories/quant-subscription-run-repository";
import { insertQuantTrades } from "../../../db/repositories/quant-subscription-trade-repository";
import { keepTicks } from "../../../db/repositories/tick-repository";
import { MAX_PRICE_AGE_SECONDS } from "../../spot/spot-config";
import type { Strategy, StrategyCandle } from "../strategies/strategy";
import {
  advance,
  closeAll,
  type PlanRun,
  type Quote,
  type RunTick,
  type SymbolStrategy,
  tickQuote,
} from "./plan-advance";
import { bookOf, positionsRecord } from "./plan-book";
import { postSettlement } from "./plan-postings";
import { guardedLookup, StrategyFailure } from "./strategy-guard";
import { planRules, recordQuantSubscription } from "./subscription-view";

export type StrategyLookup = (id: QuantStrategyId) => Strategy;

export interface RunOptions {
  strategies: StrategyLookup;
  nowMs: number;
  /** How trades at live ticks are priced (plan-quotes.ts liveQuote). */
  quote: Quote;
  /** Ticks read per symbol per page. */
  pageSize: number;
  /** Pages run in this transaction at most (default 50); the rest in the next one. */
  maxPages?: number;
  /** A user's stop: their id and how the close is priced (stopQuote). */
  stop?: { quote: Quote };
}

export type RunResult =
  | { kind: "not-running"; row: QuantSubscriptionRow | null }
  /** `more`: ticks are left to run (the next transaction goes on). */
  | {
      kind: "ran";
      ended: boolean;
      changed: boolean;
      more: boolean;
      /** Set when the plan ended because its strategy failed (the runner logs it). */
      strategyFailure?: unknown;
    };

const MINUTE_MS = 60_000;
/**
 * A tick accepted before the delivery time may still be on its way to the record (the feed
 * flushes every 250 ms, and keeps a failed flush's ticks): the delivery waits for a tick at or
 * after it in every symbol, or this long (a market this stale is refused for trading anyway).
 */
const DELIVERY_GRACE_MS = MAX_PRICE_AGE_SECONDS * 1000;

/** Whether every tick before the delivery time is surely recorded. */
async function recordClosed(db: Queryable, run: PlanRun, deliveryMs: number, nowMs: number) {
  if (nowMs >= deliveryMs + DELIVERY_GRACE_MS) return true;
  for (const [symbol, cursor] of Object.entries(run.cursors)) {
    const afterSeq = cursor.seq ?? "0";
    if (!(await hasTickFrom(db, { symbol, afterSeq, fromMs: deliveryMs }))) return false;
  }
  return true;
}

const candleOf = (c: PlanCandleRow): StrategyCandle => ({
  time: Number(c.open_ms),
  open: Number(c.o),
  high: Number(c.h),
  low: Number(c.l),
  close: Number(c.c),
  volume: Number(c.v),
});

/** Before the first run: each symbol's strategy stepped over the stored candles before the start. */
async function primed(
  db: Queryable,
  row: QuantSubscriptionRow,
  strategy: Strategy,
  warmUp: number,
): Promise<Record<string, SymbolStrategy>> {
  const states: Record<string, SymbolStrategy> = {};
  for (const symbol of row.trading_area) {
    const own: SymbolStrategy = { state: strategy.init(row.params), steps: 0, target: null };
    const beforeMs = row.cursors[symbol]?.nextCandleMs ?? Number(row.started_ms);
    for (const c of await readCandlesBefore(db, { symbol, beforeMs, count: warmUp })) {
      const decision = strategy.step(own.state, candleOf(c), row.params);
      own.state = decision.state;
      own.target = decision.target;
      own.steps += 1;
    }
    states[symbol] = own;
  }
  return states;
}

/** Reads the next page of ticks of every symbol, merged in time order. Complete: none left. */
async function nextTicks(db: Queryable, run: PlanRun, deliveryMs: number, pageSize: number) {
  const all: RunTick[] = [];
  let bound = Number.POSITIVE_INFINITY;
  for (const [symbol, cursor] of Object.entries(run.cursors)) {
    const rows = await readPlanTicks(db, {
      symbol,
      afterSeq: cursor.seq ?? "0",
      beforeMs: deliveryMs,
      limit: pageSize,
    });
    const ticks = rows.map((r) => ({
      symbol,
      seq: r.seq,
      price: parseUnits(r.price, USDT_SCALE),
      tsMs: Number(r.ts_ms),
    }));
    const last = ticks[ticks.length - 1];
    // A full page may have more after it: other symbols' ticks later than it wait for it.
    if (rows.length === pageSize && last !== undefined) bound = Math.min(bound, last.tsMs);
    all.push(...ticks);
  }
  all.sort((a, b) =>
    a.tsMs !== b.tsMs
      ? a.tsMs - b.tsMs
      : a.symbol !== b.symbol
        ? a.symbol < b.symbol
          ? -1
          : 1
        : Number(BigInt(a.seq) - BigInt(b.seq)),
  );
  return {
    ticks: all.filter((t) => t.tsMs <= bound),
    complete: bound === Number.POSITIVE_INFINITY,
  };
}

async function candlesFor(db: Queryable, run: PlanRun, ticks: readonly RunTick[]) {
  const out = new Map<string, StrategyCandle[]>();
  for (const [symbol, cursor] of Object.entries(run.cursors)) {
    const last = ticks.filter((t) => t.symbol === symbol).pop();
    if (last === undefined) continue;
    const toMs = Math.floor(last.tsMs / MINUTE_MS) * MINUTE_MS;
    if (toMs <= cursor.nextCandleMs) continue;
    const rows = await readPlanCandles(db, { symbol, fromMs: cursor.nextCandleMs, toMs });
    out.set(symbol, rows.map(candleOf));
  }
  return (symbol: string) => out.get(symbol) ?? [];
}

export async function runSubscription(
  tx: Queryable,
  id: string,
  options: RunOptions,
): Promise<RunResult> {
  const row = await lockQuantSubscription(tx, id);
  if (row === null || row.status !== "running") return { kind: "not-running", row };
  const strategy = guardedLookup(options.strategies, row.strategy);
  let warmUp = 0;
  let states = row.strategy_state as Record<string, SymbolStrategy> | null;
  let failedBefore: StrategyFailure | null = null;
  try {
    warmUp = strategy.warmUp(row.params);
    states ??= await primed(tx, row, strategy, warmUp);
  } catch (error) {
    if (!(error instanceof StrategyFailure)) throw error;
    failedBefore = error;
  }
  const amount = BigInt(row.amount);
  const deliveryMs = Number(row.delivery_ms);
  const run: PlanRun = {
    id,
    book: bookOf(
      { amount, leverage: row.leverage, symbols: row.trading_area, cash: BigInt(row.cash) },
      row.positions,
      BigInt(row.fees),
      row.trades,
    ),
    terms: { maxProfitRate: rateOf(row.max_profit_rate), maxLossRate: rateOf(row.max_loss_rate) },
    strategy,
    params: row.params,
    states: states ?? {},
    cursors: row.cursors,
    lastTickSeq: row.last_tick_seq,
    trades: [],
    rulesOf: planRules,
  };
  const before = run.book.trades;
  let end: { reason: QuantEndReason; atMs: number; error?: unknown } | null = null;
  let complete = false;
  if (failedBefore !== null) {
    // Positions (if any) are sold at their last recorded ticks, as a limit's close is.
    closeAll(run, tickQuote);
    end = { reason: "strategy-error", atMs: options.nowMs, error: failedBefore };
    complete = true;
  }
  // Pages until every tick so far is run (a restart's backlog, or a stop that must be current).
  const maxPages = options.maxPages ?? 50;
  for (let page = 0; page < maxPages && end === null && !complete; page += 1) {
    const next = await nextTicks(tx, run, deliveryMs, options.pageSize);
    complete = next.complete;
    const candles = await candlesFor(tx, run, next.ticks);
    end = advance(run, next.ticks, candles, warmUp, options.quote);
  }
  // A user's stop after the delivery time delivers: the plan's time is up.
  const due =
    end === null &&
    complete &&
    options.nowMs >= deliveryMs &&
    (options.stop !== undefined || (await recordClosed(tx, run, deliveryMs, options.nowMs)));
  if (due) {
    closeAll(run, options.quote);
    end = { reason: "delivery", atMs: deliveryMs };
  }
  if (end === null && complete && options.stop !== undefined) {
    closeAll(run, options.stop.quote);
    end = { reason: "user", atMs: options.nowMs };
  }
  // Nothing new (most runs between two candles of a quiet symbol): nothing to write.
  const moved = run.lastTickSeq !== row.last_tick_seq || row.strategy_state === null;
  if (!moved && end === null) return { kind: "ran", ended: false, changed: false, more: false };
  await saveRunningBook(tx, id, {
    cash: run.book.cash,
    positions: positionsRecord(run.book),
    fees: run.book.fees,
    trades: run.book.trades,
    strategyState: run.states,
    cursors: run.cursors,
    lastTickSeq: run.lastTickSeq,
  });
  await insertQuantTrades(tx, run.trades);
  for (const symbol of new Set(run.trades.map((t) => t.symbol))) {
    const seqs = run.trades.filter((t) => t.symbol === symbol).map((t) => t.tickSeq);
    await keepTicks(tx, symbol, seqs);
  }
  if (end !== null) {
    const settlement = planSettlement(amount, run.book.cash - amount);
    const transactionId = await postSettlement(tx, {
      id,
      userId: row.user_id,
      amount,
      reservationId: row.reservation_id,
      profit: settlement.profit,
      loss: settlement.loss,
    });
    await markQuantSubscriptionEnded(tx, id, {
      reason: end.reason,
      atMs: end.atMs,
      pnl: settlement.pnl,
      transactionId,
    });
  }
  const changed = end !== null || run.book.trades !== before;
  if (changed) await recordQuantSubscription(tx, id);
  return {
    kind: "ran",
    ended: end !== null,
    changed,
    more: end === null && !complete,
    ...(end?.error === undefined ? {} : { strategyFailure: end.error }),
  };
}
