// The state of one outbox entry as the user sees it: waiting to send, sending, sent, or failed
// with the reason and a choice to retry or discard. The caller wires the two actions (ui/ does
// not call the sync layer) and passes the reason already translated.
import { Trans } from "@lingui/react/macro";
import "./outbox-state.css";

export type OutboxStateName = "waiting" | "sending" | "sent" | "failed";

export interface OutboxStateView {
  id: string;
  state: OutboxStateName;
  /** Why it failed, in the reader's language; null unless failed. */
  reason: string | null;
}

const SYMBOL: Record<OutboxStateName, string> = {
  waiting: "◷",
  sending: "↻",
  sent: "✓",
  failed: "!",
};

export function OutboxState(props: {
  row: OutboxStateView;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}) {
  const { row } = props;
  const reason = row.reason ?? "";
  return (
    <div
      className={`q-outbox q-outbox--${row.state}`}
      role="status"
      data-testid="outbox-state"
      data-state={row.state}
    >
      {/* The symbol repeats the state in shape, so it never rests on colour alone. */}
      <span className="q-outbox__symbol" aria-hidden="true">
        {SYMBOL[row.state]}
      </span>
      <span className="q-outbox__text">
        {row.state === "waiting" && (
          <Trans>Waiting to send — it goes out when you are online.</Trans>
        )}
        {row.state === "sending" && <Trans>Sending…</Trans>}
        {row.state === "sent" && <Trans>Sent</Trans>}
        {row.state === "failed" &&
          (reason === "" ? <Trans>Not sent.</Trans> : <Trans>Not sent: {reason}</Trans>)}
      </span>
      {row.state === "failed" && (
        <span className="q-outbox__actions">
          <button
            type="button"
            className="q-button q-button--small"
            onClick={() => props.onRetry(row.id)}
            data-testid="outbox-retry"
          >
            <Trans>Retry</Trans>
          </button>
          <button
            type="button"
            className="q-button q-button--ghost q-button--small"
            onClick={() => props.onDiscard(row.id)}
            data-testid="outbox-discard"
          >
            <Trans>Discard</Trans>
          </button>
        </span>
      )}
    </div>
  );
}
