// The depth chart's data: cumulative quantities per side, summed exactly on decimal strings, and
// their plotting coordinates. Prices and quantities become numbers only to place pixels.
import { add, compare, divide, isDecimalString } from "../../../protocol/decimal";
import { fractionDigits } from "./candle-data";

/** `[price, quantity]`, as on the wire. */
export type DepthLevelInput = readonly [string, string];

/** What the chart needs of an order book; the db's DepthRow has these fields and more. */
export interface DepthInput {
  /** Best (highest) first. */
  bids: readonly DepthLevelInput[];
  /** Best (lowest) first. */
  asks: readonly DepthLevelInput[];
}

export interface DepthStep {
  price: string;
  qty: string;
  /** This level's quantity plus every better level's on its side. */
  cum: string;
}

export interface CumulativeDepth {
  /** Best first, like the input. */
  bids: DepthStep[];
  asks: DepthStep[];
  /** Halfway between the best bid and the best ask; null when a side is empty. */
  mid: string | null;
}

function check(level: DepthLevelInput, side: string, index: number): void {
  const [price, qty] = level;
  if (!isDecimalString(price) || !isDecimalString(qty)) {
    throw new TypeError(`${side} level ${index}: not decimal strings: ${JSON.stringify(level)}`);
  }
  if (qty.startsWith("-")) throw new RangeError(`${side} level ${index}: negative quantity ${qty}`);
}

function cumulate(
  levels: readonly DepthLevelInput[],
  side: "bids" | "asks",
  scale: number,
): DepthStep[] {
  // Best first means bids fall and asks rise; a book in another order cannot be summed this way.
  const order = side === "bids" ? 1 : -1;
  let cum = "0";
  return levels.map((level, i) => {
    check(level, side, i);
    const previous = levels[i - 1];
    if (previous !== undefined && compare(previous[0], level[0]) !== order) {
      throw new RangeError(`${side} are not best first at level ${i} (${level[0]})`);
    }
    cum = add(cum, level[1], scale);
    return { price: level[0], qty: level[1], cum };
  });
}

/**
 * Cumulative depth of a book. Throws a TypeError for a level that is not decimal strings and a
 * RangeError for a negative quantity or a side that is not best first.
 */
export function cumulativeDepth(depth: DepthInput): CumulativeDepth {
  const all = [...depth.bids, ...depth.asks];
  const qtyScale = Math.max(0, ...all.map(([, qty]) => fractionDigits(qty)));
  const bids = cumulate(depth.bids, "bids", qtyScale);
  const asks = cumulate(depth.asks, "asks", qtyScale);
  const bestBid = bids[0]?.price;
  const bestAsk = asks[0]?.price;
  let mid: string | null = null;
  if (bestBid !== undefined && bestAsk !== undefined) {
    const scale = Math.max(fractionDigits(bestBid), fractionDigits(bestAsk));
    // One more decimal than the prices holds the half exactly.
    mid = divide(add(bestBid, bestAsk, scale), "2", scale + 1, "half-even");
  }
  return { bids, asks, mid };
}

/** uPlot's aligned data: [price ascending, bid cumulative or null, ask cumulative or null]. */
export type DepthAlignedData = [number[], (number | null)[], (number | null)[]];

/** Plotting coordinates: bids from deepest to best, then asks from best to deepest. */
export function depthAlignedData(depth: CumulativeDepth): DepthAlignedData {
  const bids = [...depth.bids].reverse();
  const xs: number[] = [];
  const bidY: (number | null)[] = [];
  const askY: (number | null)[] = [];
  for (const step of bids) {
    xs.push(Number(step.price));
    bidY.push(Number(step.cum));
    askY.push(null);
  }
  for (const step of depth.asks) {
    xs.push(Number(step.price));
    bidY.push(null);
    askY.push(Number(step.cum));
  }
  return [xs, bidY, askY];
}

/**
 * The x range that centres the mid price, wide enough for the deeper side; null when a side is
 * empty (the plot's own range then applies).
 */
export function depthPriceRange(depth: CumulativeDepth): [number, number] | null {
  const lowest = depth.bids[depth.bids.length - 1]?.price;
  const highest = depth.asks[depth.asks.length - 1]?.price;
  if (depth.mid === null || lowest === undefined || highest === undefined) return null;
  const mid = Number(depth.mid);
  const half = Math.max(mid - Number(lowest), Number(highest) - mid) || Math.abs(mid) * 0.001 || 1;
  return [mid - half, mid + half];
}

export interface DepthPoint {
  side: "bid" | "ask";
  step: DepthStep;
}

/**
 * The level under a pointer at `price`: on the bid side, the deepest bid at or above it (all of
 * those fill a sale down to that price); on the ask side, the deepest ask at or below it. Beyond
 * the deepest level, that level; inside the spread, null. `price` is a pointer position, so the
 * levels are compared as numbers here: it picks a level, whose own strings are what is shown.
 */
export function depthAt(depth: CumulativeDepth, price: number): DepthPoint | null {
  const bestBid = depth.bids[0];
  const bestAsk = depth.asks[0];
  if (bestBid !== undefined && price <= Number(bestBid.price)) {
    let found = bestBid;
    for (const step of depth.bids) {
      if (Number(step.price) < price) break;
      found = step;
    }
    return { side: "bid", step: found };
  }
  if (bestAsk !== undefined && price >= Number(bestAsk.price)) {
    let found = bestAsk;
    for (const step of depth.asks) {
      if (Number(step.price) > price) break;
      found = step;
    }
    return { side: "ask", step: found };
  }
  return null;
}
