// The record-dependent half of a job's validation: its period must lie within the candles the
// record holds for the symbol — from its oldest recorded minute to the end of its newest closed
// one. A backtest over minutes nobody recorded would be a backtest over nothing (or a guess).
import { INTERVAL_MS } from "../../../../protocol/market";
import type { Queryable } from "../../../db/db";
import { recordedCandleRange } from "../../../db/repositories/candle-repository";
import { invalid } from "../../errors";
import type { JobPeriod } from "./job-input";

const MINUTE = 60_000;

export async function assertRecordedPeriod(
  db: Queryable,
  period: JobPeriod,
  now: number,
): Promise<void> {
  const range = await recordedCandleRange(db, period.symbol);
  if (range === null) {
    throw invalid(
      "symbol",
      "format",
      `Invalid body: the record holds no candles of ${period.symbol} yet`,
    );
  }
  // The newest minute is closed only once the clock has passed its end.
  const recordEnd = Math.min(range.lastMs + MINUTE, Math.floor(now / MINUTE) * MINUTE);
  const step = INTERVAL_MS[period.interval];
  if (period.fromMs < range.firstMs) {
    const earliest = Math.ceil(range.firstMs / step) * step;
    throw invalid(
      "from",
      "at-least",
      `Invalid body: the record of ${period.symbol} begins at ${new Date(range.firstMs).toISOString()}; ` +
        `"from" must not be earlier`,
      new Date(earliest).toISOString(),
    );
  }
  if (period.toMs > recordEnd) {
    throw invalid(
      "to",
      "at-most",
      `Invalid body: the record of ${period.symbol} ends at ${new Date(recordEnd).toISOString()}; ` +
        `"to" must not be later`,
      new Date(Math.floor(recordEnd / step) * step).toISOString(),
    );
  }
}
