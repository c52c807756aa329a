// The daily equity curve of GET /assets/summary: at each calendar day's end, what the user's
// ledger accounts held (available + frozen, so money locked in an open order, position or plan
// still counts), USDT at face value and every other asset at its last recorded close by then.
// Pure: bigint units in, USDT decimal strings out. An asset with no close recorded by a day's
// end (a market that had not started) adds nothing that day rather than a guessed price.
import { formatUnits, multiply, parseUnits } from "../../../protocol/decimal";
import { USDT_SCALE } from "../../../protocol/assets";

export interface EquityInput {
  /** Calendar days "YYYY-MM-DD", oldest first, and the instant each ends (its next midnight). */
  days: readonly string[];
  ends: readonly Date[];
  /** Units per asset held before the first day began. */
  opening: ReadonlyMap<string, bigint>;
  /** Entries from the first day's start, oldest first. */
  entries: readonly { asset: string; amount: bigint; at: Date }[];
  scales: ReadonlyMap<string, number>;
}

/** Units per asset at each day's end, in the order of `ends`. */
export function balancesAtEnds(input: EquityInput): Map<string, bigint[]> {
  const running = new Map(input.opening);
  const atEnds = new Map<string, bigint[]>();
  for (const asset of running.keys()) atEnds.set(asset, []);
  let next = 0;
  input.ends.forEach((end, i) => {
    for (; next < input.entries.length; next++) {
      const entry = input.entries[next];
      if (entry === undefined || entry.at >= end) break;
      running.set(entry.asset, (running.get(entry.asset) ?? 0n) + entry.amount);
    }
    for (const [asset, units] of running) {
      const series = atEnds.get(asset) ?? [];
      // An asset first seen on a later day held 0 on every day before it.
      while (series.length < i) series.push(0n);
      series.push(units);
      atEnds.set(asset, series);
    }
  });
  return atEnds;
}

/** The assets other than USDT held (≠ 0) at some day's end: the ones that need prices. */
export function pricedAssets(atEnds: ReadonlyMap<string, readonly bigint[]>): string[] {
  return [...atEnds]
    .filter(([asset, series]) => asset !== "USDT" && series.some((units) => units !== 0n))
    .map(([asset]) => asset)
    .sort();
}

/**
 * [day, USDT] per day: USDT units at face value plus each other asset × its close that day
 * (rounded down, as credits are: the curve never shows more than the holdings were worth).
 */
export function equityPoints(
  input: EquityInput,
  atEnds: ReadonlyMap<string, readonly bigint[]>,
  closes: ReadonlyMap<string, readonly (string | null)[]>,
): [string, string][] {
  return input.days.map((day, i) => {
    let total = atEnds.get("USDT")?.[i] ?? 0n;
    for (const [asset, series] of atEnds) {
      if (asset === "USDT") continue;
      const units = series[i] ?? 0n;
      const close = closes.get(asset)?.[i] ?? null;
      if (units === 0n || close === null) continue;
      const held = formatUnits(units, input.scales.get(asset) ?? 8);
      total += parseUnits(multiply(held, close, USDT_SCALE, "floor"), USDT_SCALE);
    }
    return [day, formatUnits(total, USDT_SCALE)];
  });
}
