// One review queue (identity, recharge, withdraw): a status filter, the items, their actions.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { listQueue, type QueueItems, type QueueName } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { consoleErrorText } from "./error-text";
import { useRemote } from "./use-remote";

const PAGE = 50;

export function QueueScreen<Q extends QueueName>(props: {
  queue: Q;
  title: ReactNode;
  statuses: readonly { value: number; label: string }[];
  renderItem: (item: QueueItems[Q], reload: () => void) => ReactNode;
}) {
  const { i18n } = useLingui();
  const [status, setStatus] = useState(0);
  const page = useRemote(
    () => listQueue(props.queue, status, null, PAGE),
    `${props.queue}:${status}`,
  );
  return (
    <section data-testid={`queue-${props.queue}`}>
      <h1 className="q-admin-title">{props.title}</h1>
      <div className="q-admin-tabs" role="group">
        {props.statuses.map((option) => (
          <button
            key={option.value}
            type="button"
            className="q-admin-tab"
            aria-pressed={status === option.value}
            onClick={() => setStatus(option.value)}
            data-testid={`queue-status-${option.value}`}
          >
            {option.label}
          </button>
        ))}
        <button type="button" className="q-admin-link" onClick={page.reload}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      <ErrorLine error={page.error ? consoleErrorText(i18n, page.error) : null} role="alert" />
      {page.loading && page.data === null && (
        <p className="q-admin-note">
          <Trans>Loading…</Trans>
        </p>
      )}
      {page.data && page.data.items.length === 0 && (
        <p className="q-admin-note" data-testid="queue-empty">
          <Trans>Nothing here.</Trans>
        </p>
      )}
      <ul className="q-admin-list">
        {page.data?.items.map((item) => (
          <li key={item.id} className="q-admin-item" data-testid={`queue-item-${item.id}`}>
            {props.renderItem(item, page.reload)}
          </li>
        ))}
      </ul>
      {page.data?.nextCursor && (
        <p className="q-admin-note">
          <Trans>Showing the first {PAGE}. Handle these, then refresh for more.</Trans>
        </p>
      )}
    </section>
  );
}

/** One labelled value of an item. */
export function Fact(props: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="q-admin-fact">
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
    </div>
  );
}
