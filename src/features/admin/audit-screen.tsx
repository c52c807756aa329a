// The audit log, newest first, filtered by action and actor on the pages loaded so far (the
// endpoint takes no filters yet); "more" pages further back.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { AuditItem } from "../../../protocol";
import { listAudit } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { timeText } from "./time-text";

export function matchesAudit(item: AuditItem, action: string, actor: string): boolean {
  const has = (text: string | null, part: string) =>
    part.trim() === "" || (text ?? "").toLowerCase().includes(part.trim().toLowerCase());
  return has(item.action, action) && has(item.actorLabel, actor);
}

export function AuditScreen() {
  const { t, i18n } = useLingui();
  const [items, setItems] = useState<AuditItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [action, setAction] = useState("");
  const [actor, setActor] = useState("");

  const more = () => {
    listAudit(cursor).then((page) => {
      setItems((known) => [...known, ...page.items]);
      setCursor(page.nextCursor);
      setDone(page.nextCursor === null);
    }, setError);
  };
  // The newest page once, on opening; `more` reads the cursor of the pages loaded since.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(more, []);

  const shown = items.filter((item) => matchesAudit(item, action, actor));
  return (
    <section data-testid="admin-audit">
      <h1 className="q-admin-title">
        <Trans>Audit log</Trans>
      </h1>
      <div className="q-admin-filters">
        <TextField label={t`Action`} value={action} onChange={setAction} testId="audit-action" />
        <TextField label={t`Operator`} value={actor} onChange={setActor} testId="audit-actor" />
      </div>
      <ErrorLine error={error ? consoleErrorText(i18n, error) : null} role="alert" />
      <table className="q-admin-table">
        <thead>
          <tr>
            <th>
              <Trans>Time</Trans>
            </th>
            <th>
              <Trans>Operator</Trans>
            </th>
            <th>
              <Trans>Action</Trans>
            </th>
            <th>
              <Trans>Target</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((item) => (
            <tr key={item.id} data-testid="audit-row">
              <td>{timeText(item.createdAt, i18n.locale)}</td>
              <td>{item.actorLabel}</td>
              <td>
                <code>{item.action}</code>
              </td>
              <td>
                {item.targetKind === null ? "—" : `${item.targetKind} ${item.targetId ?? ""}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!done && (
        <button type="button" className="q-admin-link" onClick={more}>
          <Trans>Older entries</Trans>
        </button>
      )}
    </section>
  );
}
