// An outbox entry's state with its retry and discard wired to the sync layer, and the server's
// reason translated when the app knows it.
import { useLingui } from "@lingui/react/macro";
import type { OutboxRow } from "../../db/database";
import { translateServerMessage } from "../../i18n/server-messages";
import { discardOutboxEntry, retryOutboxEntry } from "../../sync/commands";
import { OutboxState } from "./outbox-state";

export function OutboxBadge(props: { row: OutboxRow }) {
  const { i18n } = useLingui();
  const { row } = props;
  const reason = row.reason === null ? null : translateServerMessage(i18n, row.reason);
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
