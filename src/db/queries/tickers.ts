// The home page's price tabs read the `tickers` table, which the market issue adds in a later
// database version. Until that version exists this hook finds no such table and returns [] (the
// screen says prices appear when the feed is connected); once it exists, it reads it unchanged.
import { useMemo } from "react";
import { database } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

/** The fields of GET /market/tickers the home page shows (decimal strings, never numbers). */
export interface TickerView {
  symbol: string;
  last: string;
  /** 24-hour change as the feed reports it (a signed decimal string). */
  change24h: string;
}

export function useTickers(): LiveResult<TickerView[]> {
  const store = useMemo(
    () =>
      liveStore(async (): Promise<TickerView[]> => {
        const table = database().tables.find((candidate) => candidate.name === "tickers");
        if (table === undefined) return [];
        const rows = (await table.toArray()) as Partial<TickerView>[];
        return rows.filter(
          (row): row is TickerView =>
            typeof row.symbol === "string" &&
            typeof row.last === "string" &&
            typeof row.change24h === "string",
        );
      }),
    [],
  );
  return useLiveStore(store);
}
