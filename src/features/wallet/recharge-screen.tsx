// /recharge: where to send USDT (from IndexedDB: the deposit info the account pull stored), the
// recharge form through the outbox, requests not yet acknowledged, and the recharge history.
// Nothing here makes a request; "Send from my wallet" goes through the sync layer.
import { Trans, useLingui } from "@lingui/react/macro";
import { DEPOSIT_MIN_AMOUNT } from "../../../protocol/chain";
import type { OutboxRow } from "../../db/outbox";
import { useHasDemoWalletKey, useWalletInfo } from "../../db/queries/wallet";
import { useFreshness, useSystemFacts } from "../../db/sync-state";
import { hasInjectedWallet } from "../../sync/wallet-commands";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { formatMoney } from "../../lib/format/format-money";
import { useNow } from "../../ui/freshness/use-now";
import { ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { walletScreenFreshness } from "./facts-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { DepositCard } from "./deposit-card";
import { FaucetCard } from "./faucet-card";
import { PendingEntries } from "./pending-entries";
import { RechargeForm } from "./recharge-form";
import { RechargeHistory } from "./recharge-history";
import "./wallet.css";

function PendingRecharge(props: { row: OutboxRow }) {
  const { i18n } = useLingui();
  const amount = formatMoney(String(props.row.payload["amount"]), i18n.locale);
  return <Trans>Recharge of {amount} USDT</Trans>;
}

export function RechargeScreen() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const info = useWalletInfo(userId);
  const facts = useSystemFacts();
  const demoKey = useHasDemoWalletKey();
  const accountFreshness = useFreshness("account");
  const now = useNow(30_000);
  const row = info.status === "ready" ? info.value : undefined;
  const deposit = row?.deposit ?? null;
  const canSend =
    (facts?.mode === "demo" && demoKey.status === "ready" && demoKey.value) || hasInjectedWallet();

  return (
    <ScreenFrame title={t`Recharge`} testId="screen-recharge">
      <ScreenFreshness
        at={walletScreenFreshness(accountFreshness, row?.depositReadAt ?? null, now.getTime())}
      />
      {info.status === "error" && (
        <p className="q-notice" role="alert">
          <Trans>The data saved on this device could not be read.</Trans>
        </p>
      )}
      {info.status === "ready" && <DepositCard deposit={deposit} />}
      <FaucetCard />
      <RechargeForm
        deposit={deposit}
        minAmount={deposit?.minAmount ?? DEPOSIT_MIN_AMOUNT}
        canSendFromWallet={canSend}
      />
      <section className="q-card" aria-labelledby="recharge-history-title">
        <h2 id="recharge-history-title">
          <Trans>Recharge history</Trans>
        </h2>
        <PendingEntries
          command="wallet.recharge"
          testId="recharge-pending"
          describe={(entry) => <PendingRecharge row={entry} />}
        />
        <RechargeHistory userId={userId} />
      </section>
    </ScreenFrame>
  );
}
