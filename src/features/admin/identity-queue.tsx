// Identity submissions: the document's details and photo, approve or reject with a reason.
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { approveItem, rejectItem } from "../../sync/admin/console";
import { Fact, QueueScreen } from "./queue-screen";
import { ReviewActions } from "./review-actions";
import { timeText } from "./time-text";
import { UploadImage } from "./upload-image";
import { useOperator } from "./use-operator";
import { allows } from "./roles";

const ID_TYPE_LABELS = [msg`ID card`, msg`Passport`, msg`Driving licence`, msg`Other document`];

export function IdentityQueueScreen() {
  const { t, i18n } = useLingui();
  const permitted = allows(useOperator().session, "review");
  return (
    <QueueScreen
      queue="identity"
      title={<Trans>Identity</Trans>}
      statuses={[
        { value: 0, label: t`Under review` },
        { value: 1, label: t`Verified` },
        { value: 2, label: t`Rejected` },
      ]}
      renderItem={(item, reload) => (
        <>
          <dl className="q-admin-facts">
            <Fact label={<Trans>Name</Trans>} testId={`identity-name-${item.id}`}>
              {item.name}
            </Fact>
            <Fact label={<Trans>Document type</Trans>}>
              {i18n._(ID_TYPE_LABELS[item.idType] ?? ID_TYPE_LABELS[3] ?? msg`Other document`)}
            </Fact>
            <Fact label={<Trans>Document number</Trans>}>{item.idNumber}</Fact>
            <Fact label={<Trans>Wallet address</Trans>}>{item.address ?? "—"}</Fact>
            <Fact label={<Trans>Submitted</Trans>}>{timeText(item.submittedAt, i18n.locale)}</Fact>
            {item.reason !== null && <Fact label={<Trans>Reason</Trans>}>{item.reason}</Fact>}
          </dl>
          <UploadImage
            url={item.photoUrl}
            alt={t`Photo of the document`}
            testId={`identity-photo-${item.id}`}
          />
          {item.status === 0 && permitted && (
            <ReviewActions
              itemId={item.id}
              approve={() => approveItem("identity", item.id)}
              reject={(reason) => rejectItem("identity", item.id, reason)}
              onDone={reload}
            />
          )}
        </>
      )}
    />
  );
}
