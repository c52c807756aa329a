// /withdrawal: available USDT (the assets overview in IndexedDB), the form with the terms the
// account pull stored (GET /wallet/withdraw/config; the protocol's terms until the first pull),
// requests not yet acknowledged, and the withdrawal history. No request is made from here.
import { Trans, useLingui } from "@lingui/react/macro";
import { WITHDRAW_FEE, WITHDRAW_MAX_AMOUNT, WITHDRAW_MIN_AMOUNT } from "../../../protocol/wallet";
import type { OutboxRow } from "../../db/outbox";
import { useAssetsOverview } from "../../db/queries/assets-overview";
import { useProfile } from "../../db/queries/profile";
import { useWalletInfo } from "../../db/queries/wallet";
import { useFreshness } from "../../db/sync-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { formatMoney } from "../../lib/format/format-money";
import { oldest, ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { PendingEntries } from "./pending-entries";
import type { WithdrawalTerms } from "./validate-wallet-forms";
import { WithdrawalForm } from "./withdrawal-form";
import { WithdrawalHistory } from "./withdrawal-history";
import "./wallet.css";

function PendingWithdrawal(props: { row: OutboxRow }) {
  const { i18n } = useLingui();
  const amount = formatMoney(String(props.row.payload["amount"]), i18n.locale);
  return <Trans>Withdrawal of {amount} USDT</Trans>;
}

export function WithdrawalScreen() {
  const { i18n, t } = useLingui();
  const userId = useSessionUserId();
  const overview = useAssetsOverview(userId);
  const profile = useProfile(userId);
  const info = useWalletInfo(userId);
  const accountFreshness = useFreshness("account");
  const overviewRow = overview.status === "ready" ? overview.value : undefined;
  const config = info.status === "ready" ? (info.value?.withdrawConfig ?? null) : null;
  const available = overviewRow?.usdt.available ?? null;
  const terms: WithdrawalTerms = {
    fee: config?.fee ?? WITHDRAW_FEE,
    minAmount: config?.minAmount ?? WITHDRAW_MIN_AMOUNT,
    maxAmount: config?.maxAmount ?? WITHDRAW_MAX_AMOUNT,
    available,
  };
  const walletAddress = profile.status === "ready" ? (profile.value?.address ?? null) : null;

  return (
    <ScreenFrame title={t`Withdraw`} testId="screen-withdrawal">
      <ScreenFreshness at={oldest([accountFreshness, overviewRow?.pulledAt ?? null])} />
      <section className="q-card" aria-labelledby="withdraw-available-title">
        <h2 id="withdraw-available-title">
          <Trans>Available</Trans>
        </h2>
        <p className="q-wallet__big" data-testid="withdraw-available">
          {available === null ? (
            <Trans>Not known yet: it appears after the first update from the server.</Trans>
          ) : (
            `${formatMoney(available, i18n.locale)} USDT`
          )}
        </p>
      </section>
      <WithdrawalForm terms={terms} walletAddress={walletAddress} />
      <section className="q-card" aria-labelledby="withdraw-history-title">
        <h2 id="withdraw-history-title">
          <Trans>Withdrawal history</Trans>
        </h2>
        <PendingEntries
          command="wallet.withdraw"
          testId="withdraw-pending"
          describe={(entry) => <PendingWithdrawal row={entry} />}
        />
        <WithdrawalHistory userId={userId} />
      </section>
    </ScreenFrame>
  );
}
