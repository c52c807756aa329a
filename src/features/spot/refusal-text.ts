// The server's reason for refusing or rejecting a spot order, in the user's language: the English
// sentence is read back into data (protocol/spot-refusals.ts) and said again with Lingui, its
// numbers formatted for the locale. A sentence it does not know stays as sent.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { parseSpotRefusal } from "../../../protocol/spot-refusals";
import { intlLocale } from "../../lib/intl-locale";
import { formatPrice } from "../../lib/format/format-price";
import { formatMoney } from "../../lib/format/format-money";

/** "10.77" (percent) as the locale writes it, "10.77 %" or "10,77 %". */
function percent(value: string, locale: string): string {
  // A share of a price, shown and never computed with: a float is fine here.
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "percent",
    maximumFractionDigits: 2,
  }).format(Number(value) / 100);
}

export function refusalText(i18n: I18n, sentence: string): string {
  const refusal = parseSpotRefusal(sentence);
  if (refusal === null) return sentence;
  const price = (value: string) => formatPrice(value, i18n.locale);
  switch (refusal.kind) {
    case "book-empty": {
      const symbol = refusal.symbol;
      return refusal.side === "ask"
        ? i18n._(msg`Nobody is selling ${symbol} right now: the order book has no asks.`)
        : i18n._(msg`Nobody is buying ${symbol} right now: the order book has no bids.`);
    }
    case "book-too-thin": {
      const held = formatMoney(refusal.held, i18n.locale);
      const needed = formatMoney(refusal.needed, i18n.locale);
      const base = refusal.base;
      return refusal.side === "ask"
        ? i18n._(
            msg`The order book offers only ${held} ${base} for sale; this order needs ${needed}.`,
          )
        : i18n._(msg`The order book bids for only ${held} ${base}; this order needs ${needed}.`);
    }
    case "beyond-slippage": {
      const average = price(refusal.average);
      const best = price(refusal.best);
      const worse = percent(refusal.worsePercent, i18n.locale);
      const cap = percent(refusal.capPercent, i18n.locale);
      return refusal.side === "ask"
        ? i18n._(
            msg`The average price ${average} would be ${worse} above the best ask ${best}; market orders fill only within ${cap} of the best price.`,
          )
        : i18n._(
            msg`The average price ${average} would be ${worse} below the best bid ${best}; market orders fill only within ${cap} of the best price.`,
          );
    }
  }
}
