// Lab jobs for the queue's tests: rows queued straight into quant_jobs (the shape submit-job.ts
// stores), and the URL of a compute module whose behaviour each job's params choose.
import type { Queryable } from "../../../server/db/db";
import { insertCandles, type CandleRow } from "../../../server/db/repositories/candle-repository";
import {
  insertQuantJob,
  type QuantJobKind,
  type QuantJobRow,
} from "../../../server/db/repositories/quant-job-repository";

/** What quant-test-compute.ts does with a job (its params' `mode`). */
export const TEST_MODES = { ok: 0, fail: 1, exit: 2, hang: 3, slow: 4 } as const;

export const TEST_COMPUTE = new URL("./quant-test-compute.ts", import.meta.url);

let next = 0;

/** A queued job of `userId` (or of plan `planId`) that the test compute module runs as `mode`. */
export async function queueTestJob(
  db: Queryable,
  owner: { userId: string } | { planId: string },
  mode: keyof typeof TEST_MODES = "ok",
  kind: QuantJobKind = "backtest",
): Promise<QuantJobRow> {
  const n = ++next;
  const input = {
    strategy: "grid",
    symbol: "BTC/USDT",
    interval: "1m",
    from: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    to: new Date(Date.UTC(2026, 0, 1, 1, n)).toISOString(),
    ...(kind === "backtest" ? { params: { mode: TEST_MODES[mode], n } } : { windows: 2 }),
  };
  return insertQuantJob(db, { kind, owner, input });
}

const MINUTE = 60_000;

/**
 * `minutes` 1m candles of `symbol` ending at the current minute's start: a wave around `base`
 * (a few percent up and down every few hours), so every strategy has something to trade.
 */
export async function seedCandles(
  db: Queryable,
  symbol: string,
  minutes: number,
  base = 60_000,
): Promise<{ firstMs: number; endMs: number }> {
  const endMs = Math.floor(Date.now() / MINUTE) * MINUTE;
  const firstMs = endMs - minutes * MINUTE;
  const price = (i: number) => base * (1 + 0.03 * Math.sin(i / 180) + 0.004 * Math.sin(i / 7));
  const rows: CandleRow[] = [];
  for (let i = 0; i < minutes; i++) {
    const o = price(i);
    const c = price(i + 1);
    rows.push({
      symbol,
      openTime: firstMs + i * MINUTE,
      o: o.toFixed(2),
      h: (Math.max(o, c) * 1.0005).toFixed(2),
      l: (Math.min(o, c) * 0.9995).toFixed(2),
      c: c.toFixed(2),
      v: "1.5",
    });
  }
  for (let i = 0; i < rows.length; i += 5_000) await insertCandles(db, rows.slice(i, i + 5_000));
  return { firstMs, endMs };
}
