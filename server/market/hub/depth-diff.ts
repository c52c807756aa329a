// The depth update rule (protocol/feed.ts DepthFrame): from the book last sent to the book now,
// only the levels that changed, with quantity "0" for a level that left the top of the book.
// Applying the update to the previous book (applyDepthUpdate) gives the new one exactly.
import type { DepthLevel } from "../../../protocol/market";

export interface BookSides {
  /** Best (highest) first. */
  bids: readonly DepthLevel[];
  /** Best (lowest) first. */
  asks: readonly DepthLevel[];
}

export interface DepthChanges {
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export const REMOVED_QTY = "0";

export function diffDepth(before: BookSides, after: BookSides): DepthChanges {
  return {
    bids: diffSide(before.bids, after.bids, "desc"),
    asks: diffSide(before.asks, after.asks, "asc"),
  };
}

export function isEmptyChange(changes: DepthChanges): boolean {
  return changes.bids.length === 0 && changes.asks.length === 0;
}

/** What a client does with an update: set each level, drop the "0" ones, keep the order. */
export function applyDepthUpdate(book: BookSides, changes: BookSides): DepthChanges {
  return {
    bids: applySide(book.bids, changes.bids, "desc"),
    asks: applySide(book.asks, changes.asks, "asc"),
  };
}

type Order = "asc" | "desc";

function diffSide(before: readonly DepthLevel[], after: readonly DepthLevel[], order: Order) {
  const old = new Map(before);
  const now = new Map(after);
  const changed: DepthLevel[] = after.filter(([price, qty]) => old.get(price) !== qty);
  for (const [price] of before) if (!now.has(price)) changed.push([price, REMOVED_QTY]);
  return sortLevels(changed, order);
}

function applySide(book: readonly DepthLevel[], changes: readonly DepthLevel[], order: Order) {
  const levels = new Map(book);
  for (const [price, qty] of changes) {
    if (isZero(qty)) levels.delete(price);
    else levels.set(price, qty);
  }
  return sortLevels([...levels], order);
}

/** Best first. Prices of one symbol share its scale, so comparing them as decimals is exact. */
function sortLevels(levels: DepthLevel[], order: Order): DepthLevel[] {
  const sign = order === "asc" ? 1 : -1;
  return levels.sort(([a], [b]) => sign * compareDecimals(a, b));
}

/** Compares two non-negative decimal strings without floats ("10.5" > "9.75"). */
export function compareDecimals(a: string, b: string): number {
  const [aWhole = "", aFrac = ""] = a.split(".");
  const [bWhole = "", bFrac = ""] = b.split(".");
  const aw = aWhole.replace(/^0+(?=\d)/, "");
  const bw = bWhole.replace(/^0+(?=\d)/, "");
  if (aw.length !== bw.length) return aw.length - bw.length;
  if (aw !== bw) return aw < bw ? -1 : 1;
  const width = Math.max(aFrac.length, bFrac.length);
  const af = aFrac.padEnd(width, "0");
  const bf = bFrac.padEnd(width, "0");
  return af === bf ? 0 : af < bf ? -1 : 1;
}

function isZero(qty: string): boolean {
  return /^0*(\.0*)?$/.test(qty);
}
