// Prices on the home page: tabs choose the order (name, last price, change). The rows come from
// the tickers table, which the market issue adds; until then the block says so honestly.
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useTickers, type TickerView } from "../../db/queries/tickers";
import { compare } from "../../lib/decimal";

type SortKey = "name" | "last" | "change";

function sorted(rows: readonly TickerView[], key: SortKey): TickerView[] {
  const copy = [...rows];
  if (key === "name") return copy.sort((a, b) => a.symbol.localeCompare(b.symbol));
  // Prices are decimal strings (never floats); biggest first.
  if (key === "last") return copy.sort((a, b) => compare(b.last, a.last));
  return copy.sort((a, b) => compare(b.change24h, a.change24h));
}

export function TickersBlock() {
  const { t } = useLingui();
  const [sortKey, setSortKey] = useState<SortKey>("name");
  const tickers = useTickers();
  const panelId = useId();
  const rows = tickers.status === "ready" ? sorted(tickers.value, sortKey) : [];
  const tabs: { key: SortKey; label: string }[] = [
    { key: "name", label: t`Name` },
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
            <Trans>Prices appear when the market feed is connected.</Trans>
          </p>
        ) : (
          <ul className="q-home__ticker-list">
            {rows.map((row) => (
              <li key={row.symbol} data-testid="ticker-row">
                <span>{row.symbol}</span>
                <span>{row.last}</span>
                <span className={row.change24h.startsWith("-") ? "q-down" : "q-up"}>
                  {row.change24h.startsWith("-") ? row.change24h : `+${row.change24h}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
