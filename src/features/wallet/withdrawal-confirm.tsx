// The confirm step of a withdrawal: everything it costs and where it goes, before anything is
// saved (DESIGN §1.3: fees shown before confirming; no other fee or condition exists).
import { Trans, useLingui } from "@lingui/react/macro";
import { withdrawalTotal } from "../../lib/wallet-text";
import { formatMoney } from "../../lib/format/format-money";

export interface WithdrawalDraft {
  amount: string;
  fee: string;
  /** EIP-55 checksummed. */
  address: string;
  /** Another address than the signed-in wallet's. */
  newAddress: boolean;
}

export function WithdrawalConfirm(props: {
  draft: WithdrawalDraft;
  saving: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { i18n } = useLingui();
  const { draft } = props;
  const money = (value: string) => formatMoney(value, i18n.locale);
  const amount = money(draft.amount);
  const fee = money(draft.fee);
  const total = money(withdrawalTotal(draft.amount, draft.fee));
  return (
    <section
      className="q-card q-wallet__form"
      aria-labelledby="withdraw-confirm-title"
      data-testid="withdraw-confirm-step"
    >
      <h2 id="withdraw-confirm-title">
        <Trans>Confirm the withdrawal</Trans>
      </h2>
      <dl className="q-wallet__facts">
        <dt>
          <Trans>You receive</Trans>
        </dt>
        <dd data-testid="withdraw-confirm-amount">{amount} USDT</dd>
        <dt>
          <Trans>Fee</Trans>
        </dt>
        <dd data-testid="withdraw-confirm-fee">{fee} USDT</dd>
        <dt>
          <Trans>Frozen from your balance</Trans>
        </dt>
        <dd data-testid="withdraw-confirm-total">{total} USDT</dd>
        <dt>
          <Trans>To</Trans>
        </dt>
        <dd className="q-wallet__address" data-testid="withdraw-confirm-address">
          {draft.address}
        </dd>
      </dl>
      {draft.newAddress && (
        <p className="q-notice" role="note">
          <Trans>
            This is not your signed-in wallet. Check the address: a transfer to a wrong address
            cannot be undone.
          </Trans>
        </p>
      )}
      <p className="q-muted">
        <Trans>
          After an operator approves it, the USDT is sent to this address within 24 hours. If it is
          rejected, or sending fails, the whole {total} USDT returns to your balance with the
          reason.
        </Trans>
      </p>
      <div className="q-wallet__buttons">
        <button
          type="button"
          className="q-button"
          disabled={props.saving}
          onClick={props.onConfirm}
          data-testid="withdraw-confirm"
        >
          {props.saving ? <Trans>Saving…</Trans> : <Trans>Confirm withdrawal</Trans>}
        </button>
        <button
          type="button"
          className="q-button q-button--ghost"
          disabled={props.saving}
          onClick={props.onBack}
          data-testid="withdraw-back"
        >
          <Trans>Back</Trans>
        </button>
      </div>
    </section>
  );
}
