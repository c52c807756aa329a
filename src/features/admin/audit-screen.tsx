// The audit log, newest first. The action and operator filters are the server's (exact match,
// GET /admin/audit?action=&actor=): applying them reloads from the newest matching entry, and
// "older entries" pages further back within the same filters. A lock or unlock shows its reason.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState, type FormEvent } from "react";
import type { AuditItem } from "../../../protocol";
import { AUDIT_FILTER_MAX_LENGTH } from "../../../protocol/admin";
import { listAudit, type AuditFilters } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { timeText } from "./time-text";

const NO_FILTERS: AuditFilters = { action: "", actor: "" };

/** The reason an operator gave (locks and unlocks, reviews), when the entry has one. */
export function auditReason(item: AuditItem): string | null {
  const reason = item.detail.reason;
  return typeof reason === "string" && reason !== "" ? reason : null;
}

export function AuditScreen() {
  const { t, i18n } = useLingui();
  const [items, setItems] = useState<AuditItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [action, setAction] = useState("");
  const [actor, setActor] = useState("");
  // The filters of the pages shown: "older entries" keeps them even if the fields were edited.
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);

  const load = (from: string | null, filters: AuditFilters) => {
    listAudit(from, filters).then((page) => {
      setError(null);
      setItems((known) => (from === null ? page.items : [...known, ...page.items]));
      setCursor(page.nextCursor);
      setDone(page.nextCursor === null);
    }, setError);
  };
  // The newest page once, on opening; filters and "more" load the pages after that.
  useEffect(() => load(null, NO_FILTERS), []);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const filters = { action: action.trim(), actor: actor.trim() };
    setApplied(filters);
    setItems([]);
    load(null, filters);
  };

  return (
    <section data-testid="admin-audit">
      <h1 className="q-admin-title">
        <Trans>Audit log</Trans>
      </h1>
      <form className="q-admin-filters" onSubmit={apply}>
        <TextField
          label={t`Action`}
          hint={t`Exact, e.g. user.lock`}
          value={action}
          onChange={setAction}
          maxLength={AUDIT_FILTER_MAX_LENGTH}
          spellCheck={false}
          testId="audit-action"
        />
        <TextField
          label={t`Operator`}
          hint={t`Exact, e.g. operator:alice or cli:root`}
          value={actor}
          onChange={setActor}
          maxLength={AUDIT_FILTER_MAX_LENGTH}
          spellCheck={false}
          testId="audit-actor"
        />
        <button className="q-admin-button" type="submit" data-testid="audit-filter">
          <Trans>Filter</Trans>
        </button>
      </form>
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
            <th>
              <Trans>Reason</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid="audit-row">
              <td>{timeText(item.createdAt, i18n.locale)}</td>
              <td>{item.actorLabel}</td>
              <td>
                <code>{item.action}</code>
              </td>
              <td>
                {item.targetKind === null ? "—" : `${item.targetKind} ${item.targetId ?? ""}`}
              </td>
              <td data-testid="audit-reason">{auditReason(item) ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!done && (
        <button type="button" className="q-admin-link" onClick={() => load(cursor, applied)}>
          <Trans>Older entries</Trans>
        </button>
      )}
    </section>
  );
}
