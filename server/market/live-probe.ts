// The real probe behind status key `live` (domain/status/README.md): up only while the feed has
// ticked within the last few seconds AND the recorded tick chain has advanced since the previous
// probe, so a feed that ticks but no longer records is not shown as live.
import type { Db } from "../db/db";
import { readLastTicks } from "../db/repositories/tick-repository";
import type { Probe } from "../domain/status/probes";
import type { MarketFeed } from "./market-feed";
import { SYMBOLS } from "./symbols";

export const LIVE_STALE_MS = 5_000;

export function liveProbe(db: Db, feed: MarketFeed, now: () => number = Date.now): Probe {
  let previousTotal: bigint | null = null;
  return async () => {
    const at = now();
    if (feed.lastTickAt === null || at - feed.lastTickAt > LIVE_STALE_MS) {
      return { state: "down", detail: "the market feed has not ticked in the last 5 s" };
    }
    const heads = await readLastTicks(
      db,
      SYMBOLS.map((s) => s.symbol),
    );
    const total = heads.reduce((sum, h) => sum + BigInt(h.seq), 0n);
    const advanced = previousTotal === null ? heads.length > 0 : total > previousTotal;
    previousTotal = total;
    if (!advanced) return { state: "down", detail: "the recorded tick chain is not advancing" };
    if (feed.lastFlushAt === null || at - feed.lastFlushAt > LIVE_STALE_MS) {
      return { state: "degraded", detail: "ticks are being recorded late" };
    }
    return { state: "up", detail: null };
  };
}
