// Assets (/my): the user's balances as the server's GET /assets/overview last reported them
// (stored in IndexedDB by every account pull), the Summary / Other balances / About tabs, the
// credit level and weighted score, the seed's shortcuts, and — in demo mode only — demo funds.
// Nothing is shown that the ledger did not say: before the first pull there are no figures, not
// zeros.
import { Trans, useLingui } from "@lingui/react/macro";
import type { AssetsOverviewRow } from "../../db/queries/assets-overview";
import { useFreshness } from "../../db/sync-state";
import type { Valuation } from "../../lib/valuation";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { formatMoney } from "../../lib/format/format-money";
import { oldest, ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { Skeleton } from "../../ui/skeleton/skeleton";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { AssetShortcuts } from "./asset-shortcuts";
import { AssetsTabs } from "./assets-tabs";
import { CreditScoreCard } from "./credit-score-card";
import { DemoFundsCard } from "./demo-funds-card";
import { IncomeCard } from "./income-card";
import { OtherBalancesTab } from "./other-balances-tab";
import { HoldingsTotal } from "../../ui/holdings/holdings-total";
import { useHoldingsValue } from "../../ui/holdings/use-holdings-value";
import { WalletBalanceCard } from "./wallet-balance-card";
import "./assets.css";

function Figure(props: { label: string; value: string; unit: string; testId?: string }) {
  return (
    <div className="q-my__figure">
      <dt className="q-muted">{props.label}</dt>
      <dd data-testid={props.testId}>
        {props.value} {props.unit}
      </dd>
    </div>
  );
}

function Balances(props: { overview: AssetsOverviewRow; valuation: Valuation | null }) {
  const { i18n, t } = useLingui();
  const { overview, valuation } = props;
  const money = (value: string) => formatMoney(value, i18n.locale);
  const loan = money(overview.loan);
  // The overview's `equityUsd` counts USDT alone; the platform balance is every holding at its
  // last price on this device (src/lib/valuation.ts), so it works offline too.
  return (
    <>
      <section className="q-card q-my__equity" aria-labelledby="my-equity-title">
        <h2 id="my-equity-title">
          <Trans>Platform balance</Trans>
        </h2>
        {valuation !== null && <HoldingsTotal valuation={valuation} testId="my-equity" />}
      </section>

      <section className="q-card" aria-labelledby="my-usdt-title">
        <h2 id="my-usdt-title">USDT</h2>
        <dl className="q-my__figures">
          <Figure
            label={t`Available`}
            value={money(overview.usdt.available)}
            unit="USDT"
            testId="my-usdt-available"
          />
          <Figure
            label={t`Frozen`}
            value={money(overview.usdt.frozen)}
            unit="USDT"
            testId="my-usdt-frozen"
          />
          <Figure
            label={t`Withdrawing`}
            value={money(overview.usdt.withdrawing)}
            unit="USDT"
            testId="my-usdt-withdrawing"
          />
          <Figure
            label={t`Withdrawn`}
            value={money(overview.usdt.withdrawn)}
            unit="USDT"
            testId="my-usdt-withdrawn"
          />
        </dl>
      </section>

      <IncomeCard income={overview.income} />

      <section className="q-card" aria-labelledby="my-credit-title">
        <h2 id="my-credit-title" className="q-visually-hidden">
          <Trans>Credit and loan</Trans>
        </h2>
        <dl className="q-my__figures">
          <div className="q-my__figure">
            <dt className="q-muted">
              <Trans>Credit level</Trans>
            </dt>
            <dd data-testid="my-credit-level">{overview.creditLevel}</dd>
          </div>
          <div className="q-my__figure">
            <dt className="q-muted">
              <Trans>Loan</Trans>
            </dt>
            {/* DESIGN §6: the ledger keeps a loan account, but no lending is offered. */}
            <dd data-testid="my-loan">
              <Trans>{loan} — lending is not offered</Trans>
            </dd>
          </div>
        </dl>
      </section>
    </>
  );
}

export function AssetsScreen() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const overview = useHoldingsValue(userId);
  const accountFreshness = useFreshness("account");
  const row = overview.status === "ready" ? overview.overview : undefined;
  // The figures are as fresh as the overview pull that wrote them.
  const freshness = oldest([accountFreshness, row?.pulledAt ?? null]);

  return (
    <ScreenFrame title={t`Assets`} testId="screen-my">
      <ScreenFreshness at={freshness} />
      {overview.status === "loading" && <Skeleton lines={6} />}
      {overview.status === "error" && (
        <p className="q-notice" role="alert">
          <Trans>The data saved on this device could not be read.</Trans>
        </p>
      )}
      {overview.status === "ready" && row === undefined && (
        <p className="q-card q-muted" data-testid="my-no-overview">
          <Trans>Your balances appear here after the first update from the server.</Trans>
        </p>
      )}
      {row !== undefined && overview.status === "ready" && (
        <Balances overview={row} valuation={overview.valuation} />
      )}
      <CreditScoreCard userId={userId} />
      <AssetsTabs
        userId={userId}
        otherBalances={
          row !== undefined && overview.status === "ready" ? (
            <OtherBalancesTab overview={row} valuation={overview.valuation} />
          ) : null
        }
      />
      <WalletBalanceCard userId={userId} />
      <DemoFundsCard />
      <AssetShortcuts />
    </ScreenFrame>
  );
}
