// The market bar of a trading screen: the pair as a button opening a sheet with a search field,
// All / Favourites, and a star per market (favourites are kept on the device by the caller).
// The caller passes the symbols in the one shared order (lib/symbol-order).
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { sortBySymbol } from "../../lib/symbol-order";
import { BottomSheet } from "./bottom-sheet";
import "./trading.css";

export function PairBar(props: {
  symbol: string;
  symbols: readonly string[];
  favourites: ReadonlySet<string>;
  onChange: (symbol: string) => void;
  onToggleFavourite: (symbol: string) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const wanted = query.trim().toUpperCase();
  const shown = sortBySymbol(props.symbols, (s) => s, props.favourites).filter(
    (s) => (wanted === "" || s.includes(wanted)) && (!onlyFavourites || props.favourites.has(s)),
  );
  const starred = props.favourites.has(props.symbol);
  const close = () => setOpen(false);
  return (
    <div className="q-pair-bar" data-testid="pair-bar">
      <button
        type="button"
        className="q-pair-bar__pair"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="pair-bar-open"
      >
        {props.symbol} <span aria-hidden="true">▾</span>
      </button>
      <button
        type="button"
        className="q-pair-bar__star"
        aria-pressed={starred}
        aria-label={starred ? t`Remove from favourites` : t`Add to favourites`}
        onClick={() => props.onToggleFavourite(props.symbol)}
        data-testid="pair-bar-star"
      >
        {starred ? "★" : "☆"}
      </button>
      {open && (
        <BottomSheet title={<Trans>Markets</Trans>} onClose={close} testId="pair-sheet">
          <input
            className="q-pair-bar__search"
            type="search"
            value={query}
            placeholder={t`Search markets`}
            aria-label={t`Search markets`}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="pair-search"
          />
          <div className="q-tabs" role="tablist">
            <button
              type="button"
              role="tab"
              className="q-tabs__tab"
              aria-selected={!onlyFavourites}
              onClick={() => setOnlyFavourites(false)}
              data-testid="pair-tab-all"
            >
              <Trans>All</Trans>
            </button>
            <button
              type="button"
              role="tab"
              className="q-tabs__tab"
              aria-selected={onlyFavourites}
              onClick={() => setOnlyFavourites(true)}
              data-testid="pair-tab-favourites"
            >
              <Trans>Favourites</Trans>
            </button>
          </div>
          <ul className="q-pair-bar__list">
            {shown.map((symbol) => {
              const fav = props.favourites.has(symbol);
              return (
                <li key={symbol} className="q-pair-bar__item">
                  <button
                    type="button"
                    className="q-pair-bar__star"
                    aria-pressed={fav}
                    aria-label={fav ? t`Remove from favourites` : t`Add to favourites`}
                    onClick={() => props.onToggleFavourite(symbol)}
                    data-testid="pair-star"
                  >
                    {fav ? "★" : "☆"}
                  </button>
                  <button
                    type="button"
                    className="q-pair-bar__choice"
                    aria-current={symbol === props.symbol}
                    onClick={() => {
                      props.onChange(symbol);
                      close();
                    }}
                    data-testid="pair-choice"
                    data-symbol={symbol}
                  >
                    {symbol}
                  </button>
                </li>
              );
            })}
            {shown.length === 0 && (
              <li className="q-muted" data-testid="pair-none">
                <Trans>No market matches.</Trans>
              </li>
            )}
          </ul>
        </BottomSheet>
      )}
    </div>
  );
}
