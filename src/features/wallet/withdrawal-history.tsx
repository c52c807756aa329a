// The user's withdrawals from IndexedDB (the change log's "withdrawal" rows), newest first.
import { Trans, useLingui } from "@lingui/react/macro";
import { useWithdrawals, type WithdrawalRow } from "../../db/queries/wallet";
import { shortHex } from "../../lib/wallet-text";
import { formatContentDate } from "../../lib/format/format-date";
import { formatMoney } from "../../lib/format/format-money";
import { statusTone, withdrawalStatus } from "./wallet-status";

function WithdrawalItem(props: { row: WithdrawalRow }) {
  const { i18n } = useLingui();
  const { row } = props;
  const fee = formatMoney(row.fee, i18n.locale);
  const to = shortHex(row.address);
  // An operator's words (or the chain check's), shown as written.
  const reason = row.reason;
  return (
    <li
      className={`q-wallet__row ${statusTone(row.status === 2, row.status === 3)}`}
      data-testid="withdraw-row"
      data-id={row.id}
      data-status={row.status}
    >
      <strong>{formatMoney(row.amount, i18n.locale)} USDT</strong>
      <span data-testid="withdraw-row-status">{i18n._(withdrawalStatus(row))}</span>
      <time className="q-muted" dateTime={row.createdAt}>
        {formatContentDate(row.createdAt, i18n.locale, true)}
      </time>
      <span className="q-muted">
        <Trans>Fee {fee} USDT</Trans>
      </span>
      <span className="q-muted q-wallet__hash" title={row.address}>
        <Trans>To {to}</Trans>
      </span>
      {row.txHash !== null && (
        <span className="q-muted q-wallet__hash" title={row.txHash}>
          {shortHex(row.txHash)}
        </span>
      )}
      {reason !== null && row.status === 3 && <span className="q-field__error">{reason}</span>}
    </li>
  );
}

export function WithdrawalHistory(props: { userId: string | null }) {
  const withdrawals = useWithdrawals(props.userId);
  if (withdrawals.status !== "ready") return null;
  if (withdrawals.value.length === 0) {
    return (
      <p className="q-muted" data-testid="withdraw-history-empty">
        <Trans>No withdrawals yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="q-wallet__history" data-testid="withdraw-history">
      {withdrawals.value.map((row) => (
        <WithdrawalItem key={row.id} row={row} />
      ))}
    </ul>
  );
}
