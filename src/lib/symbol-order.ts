// The one order in which markets are listed on every screen (home rows, the pair bar, pickers):
// the exchange's listing order — the majors first, as GET /market/symbols lists them — then any
// symbol not in it by name. One function, so no two screens can disagree; the order itself is
// protocol's LISTED_BASES, which the server lists its symbols by.
import { LISTED_BASES } from "../../protocol/market";

const LISTING: readonly string[] = LISTED_BASES;

function rank(symbol: string): number {
  const index = LISTING.indexOf(symbol.split("/")[0] ?? symbol);
  return index < 0 ? LISTING.length : index;
}

/** Compares two symbols ("BTC/USDT") in listing order, then by name. */
export function compareSymbols(a: string, b: string): number {
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * `items` in listing order (a new array), their favourites first when `favourites` is given;
 * `symbolOf` reads an item's symbol (a string list needs none).
 */
export function sortBySymbol<T>(
  items: readonly T[],
  symbolOf: (item: T) => string,
  favourites?: ReadonlySet<string>,
): T[] {
  const favourite = (item: T) => (favourites?.has(symbolOf(item)) ? 0 : 1);
  return [...items].sort(
    (a, b) => favourite(a) - favourite(b) || compareSymbols(symbolOf(a), symbolOf(b)),
  );
}
