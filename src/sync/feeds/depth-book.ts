// An order book kept from /ws/depth frames: a snapshot replaces it, an update changes only the
// levels it lists ("0" quantity = the level is gone). Prices compare as exact decimals, never as
// floats, so "100.5" and "100.50" are one level. Both sides stay best first (bids high to low,
// asks low to high). The book is not cut to 20 levels: the server's updates send "0" for levels
// that leave its window, so the book holds exactly the server's levels.
// A burst brings hundreds of updates a second: prices are compared digit by digit in the
// strings (no BigInt, nothing allocated), and the writer applies updates in place.
import type { DepthLevel } from "../../../protocol";
import { compare, isZero } from "../../../protocol/decimal";

export type BookSide = "bids" | "asks";

export interface Book {
  bids: DepthLevel[];
  asks: DepthLevel[];
}

const ZERO = 48; // "0"
const POINT = 46; // "."

/** The digits before the point of `value`, without leading zeros: [first, end). */
function integerPart(value: string): [number, number] {
  const point = value.indexOf(".");
  const end = point < 0 ? value.length : point;
  let first = 0;
  while (first < end - 1 && value.charCodeAt(first) === ZERO) first++;
  return [first, end];
}

/**
 * `compare` (protocol/decimal) for the unsigned decimals of the wire ("100.5", "100.50", "0.3"),
 * read from the strings; anything signed goes to `compare`.
 */
export function comparePrices(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  if (a.startsWith("-") || b.startsWith("-")) return compare(a, b);
  const [aFirst, aEnd] = integerPart(a);
  const [bFirst, bEnd] = integerPart(b);
  const digits = aEnd - aFirst;
  if (digits !== bEnd - bFirst) return digits < bEnd - bFirst ? -1 : 1;
  for (let i = 0; i < digits; i++) {
    const x = a.charCodeAt(aFirst + i);
    const y = b.charCodeAt(bFirst + i);
    if (x !== y) return x < y ? -1 : 1;
  }
  // The fractions, the shorter one read as if padded with zeros.
  for (let i = aEnd + 1, j = bEnd + 1; i < a.length || j < b.length; i++, j++) {
    const x = i < a.length ? a.charCodeAt(i) : ZERO;
    const y = j < b.length ? b.charCodeAt(j) : ZERO;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** `isZero` for an unsigned decimal: only zeros and the point. */
function isZeroQuantity(value: string): boolean {
  if (value.startsWith("-")) return isZero(value);
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c !== ZERO && c !== POINT) return false;
  }
  return value.length > 0;
}

/** Negative when price `a` comes before `b` on `side` (is the better price). */
function order(side: BookSide, a: string, b: string): number {
  return side === "bids" ? comparePrices(b, a) : comparePrices(a, b);
}

/** `levels` (best first) with `changes` applied in order; `levels` itself is not modified. */
export function applyLevels(
  levels: readonly DepthLevel[],
  changes: readonly DepthLevel[],
  side: BookSide,
): DepthLevel[] {
  return applyLevelsInPlace([...levels], changes, side);
}

/** `book` (best first) with `changes` applied in order, changed in place; answers `book`. */
export function applyLevelsInPlace(
  book: DepthLevel[],
  changes: readonly DepthLevel[],
  side: BookSide,
): DepthLevel[] {
  for (const change of changes) {
    const [price, qty] = change;
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
    const found = at !== undefined && comparePrices(at[0], price) === 0;
    if (isZeroQuantity(qty)) {
      if (found) book.splice(lo, 1);
    } else if (found) {
      book[lo] = change;
    } else {
      book.splice(lo, 0, change);
    }
  }
  return book;
}

/** A book from a snapshot (sorted and de-duplicated here too: the order is not trusted). */
export function bookFromSnapshot(frame: Book): Book {
  return { bids: applyLevels([], frame.bids, "bids"), asks: applyLevels([], frame.asks, "asks") };
}

/** Applies an update's changed levels to `book` itself (the writer's own copy). */
export function applyBookUpdateInPlace(book: Book, frame: Book): void {
  applyLevelsInPlace(book.bids, frame.bids, "bids");
  applyLevelsInPlace(book.asks, frame.asks, "asks");
}

/** `book` with an update's changed levels applied. */
export function applyBookUpdate(book: Book, frame: Book): Book {
  return {
    bids: applyLevels(book.bids, frame.bids, "bids"),
    asks: applyLevels(book.asks, frame.asks, "asks"),
  };
}
