// Prices on the home page: tabs choose the order (name, last price, change), read from the
// tickers table the leading tab's feed keeps current. Prices stay decimal strings: sorting
// compares them exactly and display formats them digit for digit. When the feed stopped (or the
// app is offline) the block says these are the last known prices, and how old they are.
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useTickers, type TickerRow } from "../../db/queries/market";
import { useFreshness } from "../../db/sync-state";
import { compare, isDecimalString } from "../../../protocol/decimal";
import {
  baseOf,
  directionOf,
  formatChange,
  formatPrice,
  quoteOf,
} from "../../lib/format/format-price";
import { newestReceivedAt } from "../../ui/market/newest-received";
import { PriceAge } from "../../ui/market/price-age";
import { ContentLink } from "../../ui/links/content-link";
import { useOffline } from "../../ui/app-state/screen-freshness";
import { sortBySymbol } from "../../lib/symbol-order";

/**
 * The spot screen opened on a pair (market rows open the pair, as on an exchange), in
 * the address form the spot screen writes itself ("BTC/USDT" -> "BTCUSDT").
 */
export const spotHref = (symbol: string): string =>
  `/spots?symbol=${encodeURIComponent(symbol.replace("/", ""))}`;

export type SortKey = "listing" | "last" | "change";

/** Exact decimal order; a malformed figure (never expected) sorts last instead of throwing. */
function byDecimal(a: string, b: string): number {
  const aOk = isDecimalString(a);
  const bOk = isDecimalString(b);
  if (aOk && bOk) return compare(b, a);
  return aOk ? -1 : bOk ? 1 : 0;
}

export function sortTickers(rows: readonly TickerRow[], key: SortKey): TickerRow[] {
  const copy = [...rows];
  // The listing order every market list shares (lib/symbol-order.ts), not the alphabet.
  if (key === "listing") return sortBySymbol(copy, (row) => row.symbol);
  // Biggest first, compared as exact decimals (never floats, never as text).
  if (key === "last") return copy.sort((a, b) => byDecimal(a.last, b.last));
  return copy.sort((a, b) => byDecimal(a.change24h, b.change24h));
}

export function TickersBlock() {
  const { t, i18n } = useLingui();
  const [sortKey, setSortKey] = useState<SortKey>("listing");
  const tickers = useTickers();
  const freshness = useFreshness("tickers");
  const offline = useOffline();
  const panelId = useId();
  const rows = tickers.status === "ready" ? sortTickers(tickers.value, sortKey) : [];
  const tabs: { key: SortKey; label: string }[] = [
    { key: "listing", label: t`Default` },
    { key: "last", label: t`Last price` },
    { key: "change", label: t`Change` },
  ];
  return (
    <section className="q-card q-home__tickers" data-testid="home-tickers">
      <h2 className="q-visually-hidden">
        <Trans>Market prices</Trans>
      </h2>
      <div className="q-tabs" role="tablist" aria-label={t`Sort prices by`}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={sortKey === tab.key}
            aria-controls={panelId}
            className="q-tabs__tab"
            onClick={() => setSortKey(tab.key)}
            data-testid={`tickers-tab-${tab.key}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel">
        {rows.length === 0 ? (
          <p className="q-muted" data-testid="tickers-empty">
            {offline ? (
              <Trans>Offline — no prices downloaded yet.</Trans>
            ) : (
              <Trans>Prices appear when the market feed is connected.</Trans>
            )}
          </p>
        ) : (
          <>
            <PriceAge
              at={freshness ?? newestReceivedAt(rows)}
              offline={offline}
              testId="tickers-age"
            />
            <ul className="q-home__ticker-list">
              {rows.map((row) => {
                const direction = directionOf(row.change24h);
                return (
                  <li key={row.symbol} data-testid="ticker-row" data-symbol={row.symbol}>
                    <ContentLink url={spotHref(row.symbol)} className="q-home__ticker-link">
                      <span>
                        <strong>{baseOf(row.symbol)}</strong>
                        <span className="q-muted">/{quoteOf(row.symbol)}</span>
                      </span>
                      <span data-testid="ticker-last">{formatPrice(row.last, i18n.locale)}</span>
                      <span
                        className={direction === "flat" ? undefined : `q-${direction}`}
                        data-testid="ticker-change"
                      >
                        {formatChange(row.change24h, i18n.locale)}
                      </span>
                    </ContentLink>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
