// The signed-in wallet's USDT on chain (not the platform balance): as the sync layer last read it
// with viem, with how old that reading is — or "unknown" and why. Never a number nobody read.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import type { WalletBalanceGap } from "../../db/database";
import { useWalletInfo } from "../../db/queries/wallet";
import { relativeTime } from "../../lib/time";
import { refreshMyWalletBalance } from "../../sync/wallet-commands";
import { useNow } from "../../ui/freshness/use-now";
import { formatMoney } from "../../lib/format/format-money";

const GAPS: Record<WalletBalanceGap, MessageDescriptor> = {
  "no-address": msg`this account has no wallet address.`,
  "no-deposit-info": msg`the deposit chain has not been reached yet.`,
  "no-provider": msg`no wallet in this browser to read it with.`,
  "wrong-chain": msg`your wallet is on another network.`,
  unreachable: msg`the chain could not be reached.`,
  offline: msg`not available offline.`,
};

export function WalletBalanceCard(props: { userId: string | null }) {
  const { i18n, t } = useLingui();
  const info = useWalletInfo(props.userId);
  const now = useNow(30_000);

  useEffect(() => {
    // On show, then with each tick of `now` while shown. Throttled in the sync layer (one read
    // per 30 s); quiet on failure, the card says why.
    void refreshMyWalletBalance();
  }, [props.userId, now]);

  const row = info.status === "ready" ? info.value : undefined;
  const balance = row?.balance ?? null;
  const gap = row?.balanceGap ?? null;
  const reason = gap === null ? null : i18n._(GAPS[gap]);
  const age =
    balance === null ? null : relativeTime(new Date(balance.readAt), now, i18n.locale, t`just now`);
  const amount = balance === null ? null : formatMoney(balance.balance, i18n.locale);

  return (
    <section className="q-card" aria-labelledby="my-wallet-title">
      <h2 id="my-wallet-title">
        <Trans>Wallet balance</Trans>
      </h2>
      {amount === null ? (
        <p data-testid="my-wallet-usdt" data-known="false">
          {reason === null ? <Trans>Unknown</Trans> : <Trans>Unknown: {reason}</Trans>}
        </p>
      ) : (
        <>
          <p className="q-my__big" data-testid="my-wallet-usdt" data-known="true">
            {amount} USDT
          </p>
          <p className="q-muted" data-testid="my-wallet-usdt-age">
            <Trans>
              Read on chain {age}. This is the USDT in your own wallet, not on the platform.
            </Trans>
          </p>
          {reason !== null && (
            <p className="q-muted">
              <Trans>Could not update: {reason}</Trans>
            </p>
          )}
        </>
      )}
    </section>
  );
}
