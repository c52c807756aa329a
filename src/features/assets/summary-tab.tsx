// /my's Summary tab: income by product for today, yesterday, 7 and 30 days and in total, and
// the 30-day equity curve, as GET /assets/summary last answered (stored by the account pull, so
// it renders offline). Each figure says what it counts; the days are the calendar days of the
// zone the server was asked for (this device's).
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { SUMMARY_PRODUCTS } from "../../../protocol/endpoints/assets";
import type { AssetsSummaryRow } from "../../db/queries/assets-summary";
import { useAssetsSummary } from "../../db/queries/assets-summary";
import { formatMoney } from "../../lib/format/format-money";
import { ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { Skeleton } from "../../ui/skeleton/skeleton";

const SummaryEquityChart = lazy(() =>
  import("./summary-equity-chart").then((m) => ({ default: m.SummaryEquityChart })),
);

type Product = (typeof SUMMARY_PRODUCTS)[number];
type Period = keyof AssetsSummaryRow["income"]["spot"];
const PERIODS: readonly Period[] = ["today", "yesterday", "d7", "d30", "total"];

function IncomeTable(props: { summary: AssetsSummaryRow }) {
  const { i18n, t } = useLingui();
  const money = (value: string) => formatMoney(value, i18n.locale);
  const products: Record<Product, string> = {
    spot: t`Spot`,
    contract: t`Contract`,
    options: t`Options`,
    plans: t`AI quant plans`,
  };
  const periods: Record<Period, string> = {
    today: t`Today`,
    yesterday: t`Yesterday`,
    d7: t`7 days`,
    d30: t`30 days`,
    total: t`Total`,
  };
  return (
    <div className="q-my__scroll">
      <table className="q-my__table" data-testid="my-summary-income">
        <caption className="q-visually-hidden">
          <Trans>Income by product, USDT</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            {PERIODS.map((period) => (
              <th scope="col" key={period}>
                {periods[period]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SUMMARY_PRODUCTS.map((product) => (
            <tr key={product} data-testid={`my-summary-income-${product}`}>
              <th scope="row">{products[product]}</th>
              {PERIODS.map((period) => (
                <td key={period} data-testid={`my-summary-${product}-${period}`}>
                  {money(props.summary.income[product][period])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SummaryBody(props: { summary: AssetsSummaryRow }) {
  const { i18n } = useLingui();
  const { summary } = props;
  const zone = summary.timeZone;
  const last = summary.equity.at(-1);
  const lastValue = last === undefined ? null : formatMoney(last[1], i18n.locale);
  const lastDay = last?.[0] ?? "";
  return (
    <>
      <section className="q-card" aria-labelledby="my-summary-income-title">
        <h2 id="my-summary-income-title">
          <Trans>Income by product (USDT)</Trans>
        </h2>
        <IncomeTable summary={summary} />
        <p className="q-muted" data-testid="my-summary-income-note">
          <Trans>
            Realised gains and losses, fees included: spot sales at average cost, settled options,
            closed contract positions and ended AI quant plans. Deposits, withdrawals, demo funds,
            open orders and positions, running plans and coins you still hold are not counted. 7 and
            30 days include today. Days follow the time zone {zone}.
          </Trans>
        </p>
      </section>
      <section className="q-card" aria-labelledby="my-summary-equity-title">
        <h2 id="my-summary-equity-title">
          <Trans>Equity, last 30 days (USDT)</Trans>
        </h2>
        {lastValue !== null && (
          <p data-testid="my-summary-equity-last">
            <Trans>
              {lastValue} USDT at the end of {lastDay}
            </Trans>
          </p>
        )}
        <Suspense fallback={<Skeleton lines={4} />}>
          <SummaryEquityChart points={summary.equity} locale={i18n.locale} />
        </Suspense>
        <p className="q-muted" data-testid="my-summary-equity-note">
          <Trans>
            Each point is a day's end in the time zone {zone}: your USDT available and frozen, plus
            every other asset at that day's last recorded one-minute close (an asset with no
            recorded price that day adds nothing). Today's point is the latest price so far.
          </Trans>
        </p>
      </section>
    </>
  );
}

export function SummaryTab(props: { userId: string | null }) {
  const summary = useAssetsSummary(props.userId);
  if (summary.status === "loading") return <Skeleton lines={6} />;
  if (summary.status === "error") {
    return (
      <p className="q-notice" role="alert">
        <Trans>The data saved on this device could not be read.</Trans>
      </p>
    );
  }
  const row = summary.value;
  if (row === undefined) {
    return (
      <p className="q-card q-muted" data-testid="my-summary-none">
        <Trans>Your income summary appears here after the first update from the server.</Trans>
      </p>
    );
  }
  return (
    <div data-testid="my-summary">
      <ScreenFreshness at={row.readAt} testId="my-summary-freshness" />
      <SummaryBody summary={row} />
    </div>
  );
}
