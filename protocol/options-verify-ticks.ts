// Which GET /market/ticks pages a verifier needs for one option, and the check over them: the
// newest two ticks at or before `time`, then forward page by page until a tick after `expiresAt` (or
// the end of the record). The reads are passed in, so the app (through src/api) and the CLI
// (plain fetch) share the walk and protocol stays free of I/O.
import type { MarketTick, TicksHead } from "./market";
import { instant, type OptionsOrder } from "./options";
import { verifyOptionsOrder, type OptionVerifyReport } from "./options-verify";

/** GET /market/ticks query: `from`/`to` inclusive ISO times; only `to` → the newest `limit`. */
export interface TicksQuery {
  symbol: string;
  from?: string;
  to?: string;
  limit: number;
}

export interface TickSource {
  ticks(query: TicksQuery): Promise<MarketTick[]>;
  head(symbol: string): Promise<TicksHead>;
}

/**
 * The most one answer holds: TICKS_LIMIT's maximum in endpoints/market.ts (a test holds them
 * equal), written out so the app bundle does not pull in TypeBox for it.
 */
export const TICKS_PAGE = 1000;

/**
 * Every served tick from the two before the window through the one after it. Pages overlap
 * on their boundary millisecond (bounds are inclusive), so repeats are dropped by seq; a page
 * that brings nothing new ends the walk (the check then reports what is missing).
 */
export async function collectOptionTicks(
  order: Pick<OptionsOrder, "symbol" | "time" | "expiresAt">,
  read: TickSource["ticks"],
  pageSize: number = TICKS_PAGE,
): Promise<MarketTick[]> {
  const expiresAt = instant(order.expiresAt);
  // Two ticks at or before `time`: the second one's link (hash over its ts) is then recomputed,
  // proving that the chain really had reached `time` before the entry.
  const collected = await read({ symbol: order.symbol, to: order.time, limit: 2 });
  let from = collected[collected.length - 1]?.ts ?? order.time;
  for (;;) {
    const page = await read({ symbol: order.symbol, from, limit: pageSize });
    const newest = collected[collected.length - 1];
    const fresh = page.filter((t) => newest === undefined || BigInt(t.seq) > BigInt(newest.seq));
    for (const tick of fresh) {
      collected.push(tick);
      if (instant(tick.ts) > expiresAt) return collected;
    }
    const last = page[page.length - 1];
    if (page.length < pageSize || fresh.length === 0 || last === undefined) return collected;
    from = last.ts;
  }
}

/** Fetches what one order needs and checks it. */
export async function checkOptionsOrder(
  order: OptionsOrder,
  source: TickSource,
  pageSize?: number,
): Promise<OptionVerifyReport> {
  const ticks = await collectOptionTicks(order, (q) => source.ticks(q), pageSize);
  const head = await source.head(order.symbol);
  return verifyOptionsOrder({ order, ticks, head });
}
