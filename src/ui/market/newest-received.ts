import type { TickerRow } from "../../db/queries/market";

/** When the newest of these tickers arrived (ISO-8601), or null for none. */
export function newestReceivedAt(rows: readonly Pick<TickerRow, "receivedAt">[]): string | null {
  let newest: string | null = null;
  for (const row of rows) {
    if (newest === null || Date.parse(row.receivedAt) > Date.parse(newest)) newest = row.receivedAt;
  }
  return newest;
}
