// The recorded, hash-chained ticks (API.md GET /market/ticks and /market/ticks/head): what the
// options verifier (src/sync/options-verify.ts) re-checks a settlement from. Public: no token.
import type { MarketTick, TicksHead } from "../../protocol/market";
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
