// Every refusal the server can send, worded in the user's language from its code and params
// (protocol/refusals.ts). The English `Message` of the envelope is never shown: a code the app does
// not know yet falls back to a generic sentence plus the code, never to the server's English.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ErrorCode, ErrorParams } from "../../protocol";
import type { Refusal, RefusalParams } from "../../protocol/refusals";
import { formatMoney } from "../lib/format/format-money";
import { formatPrice } from "../lib/format/format-price";
import { intlLocale } from "../lib/intl-locale";

type Wording = { [C in ErrorCode]?: (i18n: I18n, params: RefusalParams<C>) => string };

const WORDING: Wording = {
  INSUFFICIENT_BALANCE: (i18n) => i18n._(msg`Insufficient available balance`),
  BELOW_MINIMUM: (i18n) => i18n._(msg`Not less than the minimum amount`),
  PREVIOUS_ORDER_OPEN: (i18n) => i18n._(msg`Please complete the previous order first`),

  // spot: a rejected market order's reason (stored with the order) and a market without a price.
  MARKET_STALE: (i18n) =>
    i18n._(msg`The server has no fresh price for this market right now. Try again shortly.`),
  BOOK_EMPTY: (i18n, { symbol, side }) =>
    side === "ask"
      ? i18n._(msg`Nobody is selling ${symbol} right now: the order book has no asks.`)
      : i18n._(msg`Nobody is buying ${symbol} right now: the order book has no bids.`),
  BOOK_TOO_THIN: (i18n, p) => {
    const held = formatMoney(p.held, i18n.locale);
    const needed = formatMoney(p.needed, i18n.locale);
    const base = p.base;
    return p.side === "ask"
      ? i18n._(
          msg`The order book offers only ${held} ${base} for sale; this order needs ${needed}.`,
        )
      : i18n._(msg`The order book bids for only ${held} ${base}; this order needs ${needed}.`);
  },
  SLIPPAGE_EXCEEDED: (i18n, p) => {
    const average = formatPrice(p.average, i18n.locale);
    const best = formatPrice(p.best, i18n.locale);
    const worse = percent(p.worsePercent, i18n.locale);
    const cap = percent(p.capPercent, i18n.locale);
    return p.side === "ask"
      ? i18n._(
          msg`The average price ${average} would be ${worse} above the best ask ${best}; market orders fill only within ${cap} of the best price.`,
        )
      : i18n._(
          msg`The average price ${average} would be ${worse} below the best bid ${best}; market orders fill only within ${cap} of the best price.`,
        );
  },
};

/** "10.77" (percent) as the locale writes it, "10.77 %" or "10,77 %". */
function percent(value: string, locale: string): string {
  // A share of a price, shown and never computed with: a float is fine here.
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "percent",
    maximumFractionDigits: 2,
  }).format(Number(value) / 100);
}

/** The refusal in the user's language; a stored one (an outbox row, an order) may be of any code. */
export function refusalText(
  i18n: I18n,
  refusal: Refusal | { code: string; params: ErrorParams },
): string {
  const word = WORDING[refusal.code as ErrorCode] as
    ((i18n: I18n, params: ErrorParams) => string) | undefined;
  if (word) return word(i18n, refusal.params);
  const code = refusal.code;
  return i18n._(msg`The server refused this request (${code}).`);
}
