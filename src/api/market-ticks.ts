// The recorded, hash-chained ticks (API.md GET /market/ticks and /market/ticks/head): what the
// options verifier (src/sync/options-verify.ts) re-checks a settlement from. Public: no token.
import type { MarketTick, TicksHead } from "../../protocol/market";
import type { OptionTick } from "../../protocol/options";
import type { TicksQuery } from "../../protocol/options-verify-ticks";
import { call } from "./call";
import type { ReadOptions } from "./market";

/** GET /market/ticks: oldest first; `from`/`to` inclusive, only `to` → the newest `limit`. */
export function getTicks(query: TicksQuery, opts: ReadOptions = {}): Promise<MarketTick[]> {
  return call("GET /market/ticks", { ...opts, query });
}

/** GET /market/ticks/head: the newest link of a symbol's chain. */
export function getTicksHead(symbol: string, opts: ReadOptions = {}): Promise<TicksHead> {
  return call("GET /market/ticks/head", { ...opts, query: { symbol } });
}

/**
 * The first recorded tick of `symbol` in (time, until] (GET /market/ticks from time + 1 ms: ticks
 * carry milliseconds, and `from` is inclusive): an open option's entry, which the server stores
 * only when it settles. null while no such tick is recorded yet.
 */
export async function firstTickAfter(
  symbol: string,
  time: string,
  until: string,
  opts: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<OptionTick | null> {
  const from = new Date(Date.parse(time) + 1).toISOString();
  const query = { symbol, from, to: until, limit: 1 };
  const [first] = await getTicks(query, opts);
  return first === undefined
    ? null
    : { seq: first.seq, price: first.price, ts: first.ts, hash: first.hash };
}
