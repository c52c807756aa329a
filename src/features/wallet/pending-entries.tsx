// Requests saved on this device that the server has not acknowledged yet ("waiting to send",
// sending, or failed with the server's reason); once sent, the change log brings the real row.
import type { ReactNode } from "react";
import type { OutboxCommandName, OutboxRow } from "../../db/outbox";
import { useOutbox } from "../../db/outbox";
import { OutboxBadge } from "../../ui/outbox/outbox-badge";

export function PendingEntries(props: {
  command: OutboxCommandName;
  describe: (row: OutboxRow) => ReactNode;
  testId: string;
}) {
  const outbox = useOutbox({ command: props.command });
  const rows = outbox.status === "ready" ? outbox.value.filter((row) => row.state !== "sent") : [];
  if (rows.length === 0) return null;
  return (
    <ul className="q-wallet__history" data-testid={props.testId}>
      {rows.map((row) => (
        <li key={row.id} className="q-wallet__row" data-state={row.state}>
          <span>{props.describe(row)}</span>
          <OutboxBadge row={row} />
        </li>
      ))}
    </ul>
  );
}
