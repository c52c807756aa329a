import { Trans, useLingui } from "@lingui/react/macro";
import type { IdentityRow } from "../../db/identity";
import { formatDateTime } from "../../lib/time";
import { idTypeLabel } from "./id-types";

/** The latest submission: under review, passed, or rejected with the operator's reason. */
export function IdentityStatus(props: { identity: IdentityRow }) {
  const { i18n } = useLingui();
  const { identity } = props;
  const submitted = formatDateTime(new Date(identity.submittedAt), i18n.locale);
  const reason = identity.reason ?? "";
  const documentType = i18n._(idTypeLabel(identity.idType));
  const checked = formatDateTime(new Date(identity.syncedAt), i18n.locale);
  return (
    <section
      className={`q-card q-verify__status q-verify__status--${identity.status}`}
      data-testid="identity-status"
      data-status={identity.status}
    >
      {identity.status === 0 && (
        <>
          <h2>
            <Trans>Under review</Trans>
          </h2>
          <p>
            <Trans>Submissions are reviewed within 24 hours.</Trans>
          </p>
        </>
      )}
      {identity.status === 1 && (
        <>
          <h2>
            <Trans>Identity verified</Trans>
          </h2>
          <p>
            <Trans>Your identity has been verified.</Trans>
          </p>
        </>
      )}
      {identity.status === 2 && (
        <>
          <h2>
            <Trans>Rejected</Trans>
          </h2>
          <p data-testid="identity-reason">
            <Trans>Reason: {reason}</Trans>
          </p>
          <p>
            <Trans>Correct the details below and submit again.</Trans>
          </p>
        </>
      )}
      <dl className="q-verify__facts">
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>{identity.name}</dd>
        <dt>
          <Trans>Document</Trans>
        </dt>
        <dd>
          {documentType} · {identity.idNumber}
        </dd>
        <dt>
          <Trans>Submitted</Trans>
        </dt>
        <dd>{submitted}</dd>
      </dl>
      <p className="q-muted q-verify__checked">
        <Trans>Status as of {checked}</Trans>
      </p>
    </section>
  );
}
