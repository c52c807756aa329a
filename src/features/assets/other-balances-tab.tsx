// /my's Other balances tab: every asset besides USDT the ledger holds for the user (available and
// frozen, as the last overview said), each valued in USDT at the last price this device holds
// for its <ASSET>/USDT ticker (src/lib/valuation.ts). An asset without a price says so rather
// than showing 0.
import { Trans, useLingui } from "@lingui/react/macro";
import type { AssetsOverviewRow } from "../../db/queries/assets-overview";
import { formatMoney } from "../../lib/format/format-money";
import type { Valuation } from "../../lib/valuation";

export function OtherBalancesTab(props: {
  overview: AssetsOverviewRow;
  valuation: Valuation | null;
}) {
  const { i18n } = useLingui();
  const money = (value: string) => formatMoney(value, i18n.locale);
  const others = props.overview.balances.filter((balance) => balance.asset !== "USDT");
  const valueOf = (asset: string) => props.valuation?.assets.find((a) => a.asset === asset) ?? null;
  return (
    <section className="q-card" aria-labelledby="my-others-title">
      <h2 id="my-others-title">
        <Trans>Other balances</Trans>
      </h2>
      {others.length === 0 ? (
        <p className="q-muted" data-testid="my-others-empty">
          <Trans>You hold no other assets on the platform.</Trans>
        </p>
      ) : (
        <>
          <table className="q-my__table" data-testid="my-others">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Asset</Trans>
                </th>
                <th scope="col">
                  <Trans>Available</Trans>
                </th>
                <th scope="col">
                  <Trans>Frozen</Trans>
                </th>
                <th scope="col">
                  <Trans>Value (USDT)</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {others.map((balance) => {
                const value = valueOf(balance.asset)?.value ?? null;
                return (
                  <tr key={balance.asset} data-testid="my-other-balance">
                    <th scope="row">{balance.asset}</th>
                    <td>{money(balance.available)}</td>
                    <td>{money(balance.frozen)}</td>
                    <td data-testid="my-other-value" data-value={value ?? ""}>
                      {value === null ? "—" : money(value)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="q-muted" data-testid="my-others-note">
            <Trans>
              Value: available + frozen at the last price of the asset's USDT pair on this device; —
              when no price is known.
            </Trans>
          </p>
        </>
      )}
    </section>
  );
}
