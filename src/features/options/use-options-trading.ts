// Everything the options order panel reads from IndexedDB for one market: the products, the
// symbol's last price, the user's available USDT (the assets overview, pulled after every
// change-log pull), the open option, and whether buying is possible right now.
import type { OptionsProduct } from "../../../protocol/options";
import { useAssetsOverview } from "../../db/queries/assets-overview";
import { useTicker, type TickerRow } from "../../db/queries/market";
import {
  useOpenOptionsOrder,
  useOptionsProducts,
  type OptionsOrderRow,
} from "../../db/queries/options";
import { useOffline } from "../../ui/app-state/screen-freshness";
import { useNow } from "../../ui/freshness/use-now";
import { optionsBlock } from "./options-availability";
import type { OptionsBlock } from "./options-labels";

export interface OptionsTrading {
  /** null until the products were pulled once. */
  products: OptionsProduct[] | null;
  ticker: TickerRow | null;
  /** Available USDT, null until the first overview was pulled. */
  available: string | null;
  openOrder: OptionsOrderRow | null;
  block: OptionsBlock | null;
}

/** The price age is looked at every second: the limit is a few seconds. */
const AGE_TICK_MS = 1_000;

export function useOptionsTrading(userId: string | null, symbol: string): OptionsTrading {
  const productsRow = useOptionsProducts();
  const tickerRow = useTicker(symbol);
  const overviewRow = useAssetsOverview(userId);
  const openRow = useOpenOptionsOrder(userId);
  const offline = useOffline();
  const now = useNow(AGE_TICK_MS);
  const products = productsRow.status === "ready" ? (productsRow.value?.products ?? null) : null;
  const ticker = tickerRow.status === "ready" ? tickerRow.value : null;
  const overview = overviewRow.status === "ready" ? overviewRow.value : undefined;
  // An asset never held has no ledger account, so no row: that is zero.
  const available =
    overview === undefined
      ? null
      : (overview.balances.find((row) => row.asset === "USDT")?.available ?? "0");
  const openOrder = openRow.status === "ready" ? openRow.value : null;
  return {
    products,
    ticker,
    available,
    openOrder,
    block: optionsBlock({ offline, products, ticker, hasOpenOrder: openOrder !== null, now }),
  };
}
