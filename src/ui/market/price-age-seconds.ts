// How old a symbol's last price is, for the trading forms (spot, options, contract) that are
// disabled while it is stale (DESIGN §3). Pure: each form's availability rule calls it.
import type { TickerRow } from "../../db/queries/market";
import { freshnessDate } from "../freshness/freshness-text";

/**
 * Whole seconds by the older of the tick's own time (what the server checks against its price
 * age limit) and when this device received it (a feed that stopped leaves the stored ticker
 * behind however recent its tick was). A device clock ahead of the server's makes prices look
 * older than they are; the server has the last word either way.
 */
export function priceAgeSeconds(ticker: Pick<TickerRow, "ts" | "receivedAt">, now: Date): number {
  let oldest = now.getTime();
  for (const time of [freshnessDate(ticker.ts), freshnessDate(ticker.receivedAt)]) {
    if (time === null) return Number.POSITIVE_INFINITY;
    oldest = Math.min(oldest, time.getTime());
  }
  return Math.floor((now.getTime() - oldest) / 1000);
}
