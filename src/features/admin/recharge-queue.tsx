// Recharges under review: amount, transaction (looked up on chain on request), the voucher, and
// other users claiming the same tx.
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../../lib/format/format-money";
import { approveItem, rejectItem } from "../../sync/admin/console";
import { ChainTransaction } from "./chain-transaction";
import { Fact, QueueScreen } from "./queue-screen";
import { ReviewActions } from "./review-actions";
import { allows } from "./roles";
import { timeText } from "./time-text";
import { UploadImage } from "./upload-image";
import { useOperator } from "./use-operator";

export function RechargeQueueScreen() {
  const { t, i18n } = useLingui();
  const permitted = allows(useOperator().session, "review");
  return (
    <QueueScreen
      queue="recharge"
      title={<Trans>Recharges</Trans>}
      statuses={[
        { value: 0, label: t`Under review` },
        { value: 1, label: t`Recharge credited` },
        { value: 2, label: t`Rejected` },
      ]}
      renderItem={(item, reload) => {
        const claims = item.competingClaims.length;
        return (
          <>
            <dl className="q-admin-facts">
              <Fact label={<Trans>Amount (USDT)</Trans>} testId={`recharge-amount-${item.id}`}>
                {formatMoney(item.amount, i18n.locale)}
              </Fact>
              <Fact label={<Trans>Wallet address</Trans>}>{item.userAddress ?? "—"}</Fact>
              <Fact label={<Trans>Transaction hash</Trans>}>{item.txHash ?? "—"}</Fact>
              <Fact label={<Trans>Sender</Trans>}>{item.fromAddress ?? "—"}</Fact>
              <Fact label={<Trans>Submitted</Trans>}>{timeText(item.createdAt, i18n.locale)}</Fact>
              {item.reason !== null && <Fact label={<Trans>Reason</Trans>}>{item.reason}</Fact>}
            </dl>
            {item.txHash !== null && (
              <ChainTransaction itemId={item.id} hash={item.txHash} amount={item.amount} />
            )}
            {claims > 0 && (
              <p className="q-admin-warning">
                <Trans>Other users claim the same transaction: {claims}</Trans>
              </p>
            )}
            {item.voucherUrl === null ? (
              <p className="q-admin-note">
                <Trans>No voucher</Trans>
              </p>
            ) : (
              <UploadImage
                url={item.voucherUrl}
                alt={t`Voucher`}
                testId={`recharge-voucher-${item.id}`}
              />
            )}
            {item.status === 0 && permitted && (
              <ReviewActions
                itemId={item.id}
                approve={() => approveItem("recharge", item.id)}
                reject={(reason) => rejectItem("recharge", item.id, reason)}
                onDone={reload}
              />
            )}
          </>
        );
      }}
    />
  );
}
