// The user's recharges from IndexedDB (the change log's "recharge" rows), newest first.
import { Trans, useLingui } from "@lingui/react/macro";
import { useRecharges, type RechargeRow } from "../../db/queries/wallet";
import { shortHex } from "../../lib/wallet-text";
import { formatContentDate } from "../../lib/format/format-date";
import { formatMoney } from "../../lib/format/format-money";
import { rechargeStatus, statusTone } from "./wallet-status";

function RechargeItem(props: { row: RechargeRow }) {
  const { i18n } = useLingui();
  const { row } = props;
  // An operator's words (or the chain check's), shown as written.
  const reason = row.reason;
  return (
    <li
      className={`q-wallet__row ${statusTone(row.status === 1, row.status === 2)}`}
      data-testid="recharge-row"
      data-id={row.id}
      data-status={row.status}
    >
      <strong>{formatMoney(row.amount, i18n.locale)} USDT</strong>
      <span data-testid="recharge-row-status">{i18n._(rechargeStatus(row))}</span>
      <time className="q-muted" dateTime={row.createdAt}>
        {formatContentDate(row.createdAt, i18n.locale, true)}
      </time>
      {row.txHash !== null && (
        <span className="q-muted q-wallet__hash" title={row.txHash}>
          {shortHex(row.txHash)}
        </span>
      )}
      {reason !== null && row.status !== 1 && (
        <span className={row.status === 2 ? "q-field__error" : "q-muted"}>{reason}</span>
      )}
    </li>
  );
}

export function RechargeHistory(props: { userId: string | null }) {
  const recharges = useRecharges(props.userId);
  if (recharges.status !== "ready") return null;
  if (recharges.value.length === 0) {
    return (
      <p className="q-muted" data-testid="recharge-history-empty">
        <Trans>No recharges yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="q-wallet__history" data-testid="recharge-history">
      {recharges.value.map((row) => (
        <RechargeItem key={row.id} row={row} />
      ))}
    </ul>
  );
}
