// An order book kept from /ws/depth frames: a snapshot replaces it, an update changes only the
// levels it lists ("0" quantity = the level is gone). Prices compare as exact decimals, never as
// floats, so "100.5" and "100.50" are one level. Both sides stay best first (bids high to low,
// asks low to high). The book is not cut to 20 levels: the server's updates send "0" for levels
// that leave its window, so the book holds exactly the server's levels.
import type { DepthLevel } from "../../../protocol";
import { compare, isZero } from "../../../protocol/decimal";

export type BookSide = "bids" | "asks";

export interface Book {
  bids: DepthLevel[];
  asks: DepthLevel[];
}

/** Negative when price `a` comes before `b` on `side` (is the better price). */
function order(side: BookSide, a: string, b: string): number {
  return side === "bids" ? compare(b, a) : compare(a, b);
}

/** `levels` (best first) with `changes` applied in order; `levels` itself is not modified. */
export function applyLevels(
  levels: readonly DepthLevel[],
  changes: readonly DepthLevel[],
  side: BookSide,
): DepthLevel[] {
  const book = [...levels];
  for (const [price, qty] of changes) {
    // Binary search for the first level not better than `price`.
    let lo = 0;
    let hi = book.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const level = book[mid];
      if (level !== undefined && order(side, level[0], price) < 0) lo = mid + 1;
      else hi = mid;
    }
    const at = book[lo];
    const found = at !== undefined && compare(at[0], price) === 0;
    if (isZero(qty)) {
      if (found) book.splice(lo, 1);
    } else if (found) {
      book[lo] = [price, qty];
    } else {
      book.splice(lo, 0, [price, qty]);
    }
  }
  return book;
}

/** A book from a snapshot (sorted and de-duplicated here too: the order is not trusted). */
export function bookFromSnapshot(frame: Book): Book {
  return { bids: applyLevels([], frame.bids, "bids"), asks: applyLevels([], frame.asks, "asks") };
}

/** `book` with an update's changed levels applied. */
export function applyBookUpdate(book: Book, frame: Book): Book {
  return {
    bids: applyLevels(book.bids, frame.bids, "bids"),
    asks: applyLevels(book.asks, frame.asks, "asks"),
  };
}
