// Withdrawals under review. Above the configured amount two different operators must approve
// (opflow's two-person rule): the item lists who approved and when, and waits for the second.
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../../lib/format/format-money";
import { approveItem, rejectItem, type AdminWithdrawalView } from "../../sync/admin/console";
import { Fact, QueueScreen } from "./queue-screen";
import { ReviewActions } from "./review-actions";
import { allows } from "./roles";
import { timeText } from "./time-text";
import { useOperator } from "./use-operator";

/** Whether the item waits for a second approval, and whether `username` gave the first. */
export function secondApprovalState(item: AdminWithdrawalView, username: string) {
  const approvals = item.approvals ?? [];
  const waiting = item.status === 0 && item.approvalsRequired === 2 && approvals.length === 1;
  const approvedByMe = approvals.some(
    (approval) => approval.operatorLabel === `operator:${username}`,
  );
  return { waiting, approvedByMe };
}

export function WithdrawQueueScreen() {
  const { t, i18n } = useLingui();
  const session = useOperator().session;
  const permitted = allows(session, "review");
  const username = session?.username ?? "";
  return (
    <QueueScreen
      queue="withdraw"
      title={<Trans>Withdrawals</Trans>}
      statuses={[
        { value: 0, label: t`Under review` },
        { value: 1, label: t`Approved, sending` },
        { value: 2, label: t`Withdrawal sent` },
        { value: 3, label: t`Failed` },
      ]}
      renderItem={(item, reload) => {
        const { waiting, approvedByMe } = secondApprovalState(item, username);
        return (
          <>
            <dl className="q-admin-facts">
              <Fact label={<Trans>Amount (USDT)</Trans>} testId={`withdraw-amount-${item.id}`}>
                {formatMoney(item.amount, i18n.locale)}
              </Fact>
              <Fact label={<Trans>Fee</Trans>}>{formatMoney(item.fee, i18n.locale)}</Fact>
              <Fact label={<Trans>Destination</Trans>}>{item.address}</Fact>
              <Fact label={<Trans>Wallet address</Trans>}>{item.userAddress ?? "—"}</Fact>
              <Fact label={<Trans>Submitted</Trans>}>{timeText(item.createdAt, i18n.locale)}</Fact>
              {item.txHash !== null && (
                <Fact label={<Trans>Transaction hash</Trans>}>{item.txHash}</Fact>
              )}
              {item.reason !== null && <Fact label={<Trans>Reason</Trans>}>{item.reason}</Fact>}
            </dl>
            {(item.approvals ?? []).length > 0 && (
              <ul className="q-admin-approvals" data-testid={`withdraw-approvals-${item.id}`}>
                {(item.approvals ?? []).map((approval) => {
                  const who = approval.operatorLabel;
                  const when = timeText(approval.approvedAt, i18n.locale);
                  return (
                    <li key={`${approval.operatorLabel}-${approval.approvedAt}`}>
                      <Trans>
                        Approved by {who}, {when}
                      </Trans>
                    </li>
                  );
                })}
              </ul>
            )}
            {waiting && (
              <p className="q-admin-warning" data-testid={`withdraw-waiting-${item.id}`}>
                <Trans>Waiting for a second approval by another operator.</Trans>
              </p>
            )}
            {item.status === 0 && permitted && (
              <ReviewActions
                itemId={item.id}
                approve={() => approveItem("withdraw", item.id)}
                reject={(reason) => rejectItem("withdraw", item.id, reason)}
                onDone={reload}
                approveBlocked={
                  waiting && approvedByMe
                    ? t`You gave the first approval; another operator must give the second.`
                    : null
                }
              />
            )}
          </>
        );
      }}
    />
  );
}
