// Approve, or reject with a stated reason (DESIGN §1.3: a withdrawal is never refused silently).
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";

export function ReviewActions(props: {
  itemId: string;
  approve: () => Promise<unknown>;
  reject: (reason: string) => Promise<unknown>;
  onDone: () => void;
  /** Why approving is not offered (e.g. this operator already gave the first approval). */
  approveBlocked?: string | null;
}) {
  const { t, i18n } = useLingui();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    action().then(
      () => {
        setBusy(false);
        props.onDone();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };
  const id = props.itemId;
  return (
    <div className="q-admin-actions">
      {props.approveBlocked ? (
        <p className="q-admin-note">{props.approveBlocked}</p>
      ) : (
        <button
          className="q-admin-button"
          type="button"
          disabled={busy}
          onClick={() => run(props.approve)}
          data-testid={`approve-${id}`}
        >
          <Trans>Approve</Trans>
        </button>
      )}
      {rejecting ? (
        <>
          <TextField
            label={t`Reason`}
            value={reason}
            onChange={setReason}
            testId={`reason-${id}`}
          />
          <button
            className="q-admin-button q-admin-button--danger"
            type="button"
            disabled={busy}
            onClick={() => {
              if (reason.trim() === "") setError(t`Please give a reason.`);
              else run(() => props.reject(reason.trim()));
            }}
            data-testid={`reject-confirm-${id}`}
          >
            <Trans>Reject</Trans>
          </button>
        </>
      ) : (
        <button
          className="q-admin-button q-admin-button--secondary"
          type="button"
          onClick={() => setRejecting(true)}
          data-testid={`reject-${id}`}
        >
          <Trans>Reject…</Trans>
        </button>
      )}
      <ErrorLine error={error} role="alert" />
    </div>
  );
}
