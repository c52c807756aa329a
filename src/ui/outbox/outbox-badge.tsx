// An outbox entry's state with its retry and discard wired to the sync layer, and why it failed
// worded in the user's language from the stored code and params.
import { useLingui } from "@lingui/react/macro";
import type { OutboxRow } from "../../db/database";
import { refusalText } from "../../i18n/refusal-text";
import { discardOutboxEntry, retryOutboxEntry } from "../../sync/commands";
import { OutboxState } from "./outbox-state";

export function OutboxBadge(props: { row: OutboxRow }) {
  const { i18n } = useLingui();
  const { row } = props;
  const reason = row.failure ? refusalText(i18n, row.failure) : null;
  return (
    <OutboxState
      row={{ id: row.id, state: row.state, reason }}
      onRetry={(id) => void retryOutboxEntry(id)}
      onDiscard={(id) => void discardOutboxEntry(id)}
    />
  );
}

/** The newest entry of a list (outbox rows are ordered by createdAt, ISO strings). */
export function newestEntry(rows: readonly OutboxRow[]): OutboxRow | undefined {
  let newest: OutboxRow | undefined;
  for (const row of rows)
    if (newest === undefined || row.createdAt > newest.createdAt) newest = row;
  return newest;
}
