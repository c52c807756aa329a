// The price header of the trading screens (spot, contract, options): which market, its last
// price and 24 h change, optionally the 24 h high, low and volume — from the tickers table, so it
// shows the last known prices (and their age) when the feed stopped or the app is offline.
// The symbol is the header's own state unless the screen controls it (`symbol` + `onSymbolChange`).
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useTicker } from "../../db/queries/market";
import { useFreshness } from "../../db/sync-state";
import { useOffline } from "../app-state/screen-freshness";
import {
  baseOf,
  directionOf,
  formatChange,
  formatPrice,
  formatVolumeFull,
  scaleOf,
} from "../../lib/format/format-price";
import { PriceAge } from "./price-age";
import { DEFAULT_SYMBOL, SymbolPicker } from "./symbol-picker";
import "./market.css";

export interface PriceHeaderProps {
  /** The market shown; the header keeps its own choice when absent. */
  symbol?: string;
  onSymbolChange?: (symbol: string) => void;
  /** The symbols the picker offers (default: every symbol with a ticker). */
  symbols?: readonly string[];
  /** Show the 24 h high and low. */
  showRange?: boolean;
  /** Show the 24 h volume (in the base asset). */
  showVolume?: boolean;
  /** Show the market picker (false when the screen has its own pair bar). */
  showPicker?: boolean;
  /** Smaller figures, so the trading layout's form and book stay above the fold. */
  compact?: boolean;
}

export function PriceHeader(props: PriceHeaderProps) {
  const { i18n } = useLingui();
  const [ownSymbol, setOwnSymbol] = useState(DEFAULT_SYMBOL);
  const symbol = props.symbol ?? ownSymbol;
  const choose = (next: string) => {
    setOwnSymbol(next);
    props.onSymbolChange?.(next);
  };
  const result = useTicker(symbol);
  const ticker = result.status === "ready" ? result.value : null;
  const freshness = useFreshness("tickers");
  const offline = useOffline();
  const locale = i18n.locale;
  // High and low at the scale of the last price, which is the symbol's.
  const scale = ticker === null ? 0 : scaleOf(ticker.last);
  const direction = ticker === null ? "flat" : directionOf(ticker.change24h);
  const base = baseOf(symbol);
  return (
    <section
      className={`q-card q-price-header ${props.compact ? "q-price-header--compact" : ""}`}
      data-testid="price-header"
      data-symbol={symbol}
    >
      <div className="q-price-header__main">
        {props.showPicker !== false && (
          <SymbolPicker value={symbol} onChange={choose} symbols={props.symbols} />
        )}
        {ticker === null ? (
          <p className="q-muted" data-testid="price-empty">
            {offline ? (
              <Trans>Offline — no prices downloaded yet.</Trans>
            ) : (
              <Trans>Waiting for the market feed…</Trans>
            )}
          </p>
        ) : (
          <p className="q-price-header__quote">
            <span
              className={`q-price-header__last ${direction === "flat" ? "" : `q-${direction}`}`}
              data-testid="price-last"
            >
              {formatPrice(ticker.last, locale)}
            </span>
            <span
              className={direction === "flat" ? undefined : `q-${direction}`}
              data-testid="price-change24h"
            >
              {formatChange(ticker.change24h, locale)}
            </span>
          </p>
        )}
      </div>
      {ticker !== null && (props.showRange || props.showVolume) && (
        <dl className="q-price-header__stats">
          {props.showRange && (
            <>
              <div>
                <dt>
                  <Trans>24H high</Trans>
                </dt>
                <dd data-testid="price-high24h">{formatPrice(ticker.high24h, locale, scale)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>24H low</Trans>
                </dt>
                <dd data-testid="price-low24h">{formatPrice(ticker.low24h, locale, scale)}</dd>
              </div>
            </>
          )}
          {props.showVolume && (
            <div>
              <dt>
                <Trans>24H volume ({base})</Trans>
              </dt>
              <dd data-testid="price-volume24h">{formatVolumeFull(ticker.volume24h, locale)}</dd>
            </div>
          )}
        </dl>
      )}
      {ticker !== null && (
        <PriceAge at={freshness ?? ticker.receivedAt} offline={offline} testId="price-age" />
      )}
    </section>
  );
}
