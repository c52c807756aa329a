// The numbers /intelligent shows, exact on decimal strings and bigint units (never a JS number
// for money): rates as percentages, a plan's loss limit in USDT, and a running plan's live pnl —
// what it realised plus every position marked at the ticker's last price, the way /contract
// marks a position. Display only: what a plan books is the server's, at its own fill prices.
import { USDT_SCALE } from "../../../protocol/assets";
import {
  compare,
  formatUnits,
  isDecimalString,
  multiply,
  parseUnits,
} from "../../../protocol/decimal";
import type { QuantPosition } from "../../../protocol/quant";
import { formatDateTime, parseServerTime } from "../../lib/time";

/** "0.1" (a rate) -> "10" (percent), two decimals at most, toward zero. */
export function ratePercent(rate: string): string {
  if (!isDecimalString(rate)) return rate;
  return multiply(rate, "100", 2, "down");
}

/** amount × maxLossRate in USDT, rounded up (a loss rounds up) and never above the amount. */
export function maxLossAmount(amount: string, maxLossRate: string): string | null {
  if (!isDecimalString(amount) || !isDecimalString(maxLossRate)) return null;
  const loss = multiply(amount, maxLossRate, USDT_SCALE, "ceil");
  return compare(loss, amount) > 0 ? amount : loss;
}

/** Decimals that hold quantity × price exactly (8 + 8, and some). */
const EXACT = 18;

function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** The positions' value change at the last prices, or null while a symbol has no price. */
export function unrealisedPnl(
  positions: readonly QuantPosition[],
  lastOf: (symbol: string) => string | null,
): bigint | null {
  let total = 0n;
  for (const position of positions) {
    const last = lastOf(position.symbol);
    if (last === null || !isDecimalString(last)) return null;
    if (!isDecimalString(position.quantity) || !isDecimalString(position.averagePrice)) return null;
    // (last − average) × quantity exactly, then to USDT units toward −∞: a loss rounds up, a
    // gain down (DESIGN §5).
    const now = parseUnits(multiply(position.quantity, last, EXACT, "floor"), EXACT);
    const cost = parseUnits(
      multiply(position.quantity, position.averagePrice, EXACT, "floor"),
      EXACT,
    );
    total += floorDiv(now - cost, 10n ** BigInt(EXACT - USDT_SCALE));
  }
  return total;
}

/**
 * A running plan's pnl now: what its closed trades realised (fees included) plus its positions
 * marked at the last prices. null while a position's market has no price on this device.
 */
export function livePnl(
  plan: { realisedPnl: string; positions: readonly QuantPosition[] },
  lastOf: (symbol: string) => string | null,
): string | null {
  const open = unrealisedPnl(plan.positions, lastOf);
  if (open === null || !isDecimalString(plan.realisedPnl)) return null;
  return formatUnits(parseUnits(plan.realisedPnl, USDT_SCALE, "floor") + open, USDT_SCALE);
}

/** pnl / amount in percent, two decimals, toward zero; null when not computable. */
export function pnlPercent(pnl: string | null, amount: string): string | null {
  if (pnl === null || !isDecimalString(pnl) || !isDecimalString(amount)) return null;
  if (compare(amount, "0") <= 0) return null;
  const units = parseUnits(pnl, USDT_SCALE, "floor") * 10_000n;
  const base = parseUnits(amount, USDT_SCALE);
  return formatUnits(units / base, 2);
}

/** A server time as the user's date and time; the text as sent when unreadable. */
export function timeText(iso: string, locale: string, withSeconds = false): string {
  try {
    return formatDateTime(parseServerTime(iso), locale, {
      dateStyle: "medium",
      timeStyle: withSeconds ? "medium" : "short",
    });
  } catch {
    return iso;
  }
}
