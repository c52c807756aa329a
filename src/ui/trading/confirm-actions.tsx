// The foot of a confirm sheet: why the action cannot be taken now (a block), why it failed, and
// the confirm and back buttons — confirm disabled while sending or blocked, back while sending.
// A trading screen words each part; this only lays them out the same way everywhere.
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import "./trading.css";

export function ConfirmActions(props: {
  /** Why confirming is not possible right now (offline, stale price), or null. */
  blocked: string | null;
  error: string | null;
  sending: boolean;
  confirmLabel: ReactNode;
  confirmClassName?: string;
  onConfirm: () => void;
  onBack: () => void;
  testIds: { blocked: string; error: string; confirm: string; back: string };
}) {
  const { testIds } = props;
  return (
    <>
      {props.blocked !== null && (
        <p className="q-notice" role="status" data-testid={testIds.blocked}>
          {props.blocked}
        </p>
      )}
      {props.error !== null && (
        <p className="q-field__error" role="alert" data-testid={testIds.error}>
          {props.error}
        </p>
      )}
      <div className="q-confirm-actions">
        <button
          type="button"
          className={`q-button ${props.confirmClassName ?? ""}`}
          disabled={props.sending || props.blocked !== null}
          onClick={props.onConfirm}
          data-testid={testIds.confirm}
        >
          {props.sending ? (
            <Trans comment="A confirm button while its request is on the way">Sending…</Trans>
          ) : (
            props.confirmLabel
          )}
        </button>
        <button
          type="button"
          className="q-button q-button--ghost"
          disabled={props.sending}
          onClick={props.onBack}
          data-testid={testIds.back}
        >
          <Trans comment="A confirm sheet's button that goes back without doing anything">
            Back
          </Trans>
        </button>
      </div>
    </>
  );
}
