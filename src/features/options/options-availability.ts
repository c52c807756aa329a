// Whether an option may be bought right now (DESIGN §3: online-only commands are disabled while
// offline or while the price is stale, with the reason), and one open option at a time. Pure:
// the hook in use-options-trading.ts feeds it. The server has the last word on every one.
import type { OptionsProduct } from "../../../protocol/options";
import type { TickerRow } from "../../db/queries/market";
import { priceAgeSeconds } from "../../ui/market/price-age-seconds";
import type { OptionsBlock } from "./options-labels";

/**
 * How old a last price may be for buying. The products carry no such term; the server refuses a
 * stale market itself (503 MARKET_STALE), so this only spares the user a refusal: it is a little
 * more lenient than the server's few seconds, which the feed's once-a-second tickers and the
 * 250 ms write batches would otherwise trip now and then.
 */
export const OPTIONS_MAX_PRICE_AGE_SECONDS = 10;

export function optionsBlock(input: {
  offline: boolean;
  products: readonly OptionsProduct[] | null;
  ticker: TickerRow | null;
  hasOpenOrder: boolean;
  now: Date;
}): OptionsBlock | null {
  if (input.offline) return { kind: "offline" };
  if (input.products === null || input.products.length === 0) return { kind: "no-products" };
  if (input.ticker === null) return { kind: "no-price" };
  const ageSeconds = priceAgeSeconds(input.ticker, input.now);
  if (!Number.isFinite(ageSeconds)) return { kind: "no-price" };
  const maxSeconds = OPTIONS_MAX_PRICE_AGE_SECONDS;
  if (ageSeconds > maxSeconds) return { kind: "stale", ageSeconds, maxSeconds };
  if (input.hasOpenOrder) return { kind: "open-order" };
  return null;
}
