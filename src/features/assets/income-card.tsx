// /my's income card: what the user actually gained or lost, as the server counted it
// (server/domain/income: spot realised profit and loss by average cost, settled options, closed
// contract positions and ended quant plans, fees included). The note says what is counted and whose calendar the days
// follow, so a figure is never read as more than it is.
import { Trans, useLingui } from "@lingui/react/macro";
import type { AssetsOverview } from "../../../protocol";
import { formatMoney } from "../../lib/format/format-money";

export function IncomeCard(props: { income: AssetsOverview["income"] }) {
  const { i18n, t } = useLingui();
  const { income } = props;
  const money = (value: string) => formatMoney(value, i18n.locale);
  // An overview stored by an older build has no zone: its days were UTC days.
  const zone = income.timeZone ?? "UTC";
  const figures = [
    { label: t`Today`, value: income.today, testId: "my-income-today" },
    { label: t`Yesterday`, value: income.yesterday, testId: "my-income-yesterday" },
    { label: t`Total`, value: income.total, testId: "my-income-total" },
  ];
  return (
    <section className="q-card" aria-labelledby="my-income-title" data-testid="my-income">
      <h2 id="my-income-title">
        <Trans>Income</Trans>
      </h2>
      <dl className="q-my__figures">
        {figures.map((figure) => (
          <div className="q-my__figure" key={figure.testId}>
            <dt className="q-muted">{figure.label}</dt>
            <dd data-testid={figure.testId}>{money(figure.value)} USDT</dd>
          </div>
        ))}
      </dl>
      <p className="q-muted" data-testid="my-income-note">
        <Trans>
          Realised gains and losses, fees included: spot sales at average cost, settled options,
          closed contract positions and ended AI quant plans. Deposits, withdrawals, demo funds,
          open orders and positions, running plans and coins you still hold are not counted. Days
          follow the time zone {zone}.
        </Trans>
      </p>
    </section>
  );
}
