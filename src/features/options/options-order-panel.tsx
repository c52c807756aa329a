// The options order panel. Trading options is a later issue, so the panel says so honestly; it
// is laid out already (market, last price, 24H high and low) because "save as image" shares it
// next to the chart.
import { Trans, useLingui } from "@lingui/react/macro";
import { useTicker } from "../../db/queries/market";
import { NotYetAvailable } from "../../ui/notices";
import { formatPrice, scaleOf } from "../../lib/format/format-price";

export function OptionsOrderPanel(props: { symbol: string }) {
  const { i18n } = useLingui();
  const result = useTicker(props.symbol);
  const ticker = result.status === "ready" ? result.value : null;
  const locale = i18n.locale;
  // High and low at the scale of the last price, which is the symbol's.
  const scale = ticker === null ? undefined : scaleOf(ticker.last);
  const show = (value: string | undefined) =>
    value === undefined ? "—" : formatPrice(value, locale, scale);
  return (
    <section className="q-card q-options-order" data-testid="options-order-panel">
      <header className="q-options-order__head">
        <h2 data-testid="options-symbol">{props.symbol}</h2>
        <span className="q-options-order__last" data-testid="options-last">
          {show(ticker?.last)}
        </span>
      </header>
      <dl className="q-options-order__stats">
        <div>
          <dt>
            <Trans>24H high</Trans>
          </dt>
          <dd data-testid="options-high24h">{show(ticker?.high24h)}</dd>
        </div>
        <div>
          <dt>
            <Trans>24H low</Trans>
          </dt>
          <dd data-testid="options-low24h">{show(ticker?.low24h)}</dd>
        </div>
      </dl>
      <NotYetAvailable />
    </section>
  );
}
