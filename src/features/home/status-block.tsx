// Service status (GET /system/status as last pulled): each service the server built and probed,
// with its state in words and shape, its 30-day uptime and since when it has been in that state.
// Services that do not exist yet are not listed (the server does not report them).
import { Trans, useLingui } from "@lingui/react/macro";
import { SERVICE_KEYS } from "../../../protocol";
import { useServiceStatus, type StatusRow } from "../../db/queries/status";
import { formatDateTime, parseServerTime } from "../../lib/time";
import { SERVICE_NAMES, SERVICE_STATES } from "./service-names";

const SHAPE: Record<StatusRow["state"], string> = { up: "●", degraded: "◐", down: "○" };

function when(iso: string, locale: string): string {
  try {
    return formatDateTime(parseServerTime(iso), locale, {
      dateStyle: "medium",
      timeStyle: "short",
    });
  } catch {
    return iso;
  }
}

export function StatusBlock() {
  const { i18n } = useLingui();
  const status = useServiceStatus();
  const rows = status.status === "ready" ? status.value : [];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  // In the protocol's order, whatever order they were stored in.
  const shown = SERVICE_KEYS.flatMap((key) => {
    const row = byKey.get(key);
    return row === undefined ? [] : [row];
  });
  const checkedAt = rows[0]?.checkedAt;
  const checked = checkedAt === undefined ? null : when(checkedAt, i18n.locale);
  return (
    <section
      className="q-card q-home__status"
      data-testid="home-status"
      aria-labelledby="home-status-title"
    >
      <h2 id="home-status-title">
        <Trans>Service status</Trans>
      </h2>
      {shown.length === 0 && (
        <p className="q-muted" data-testid="status-none">
          <Trans>The server has not checked its services yet.</Trans>
        </p>
      )}
      <ul className="q-home__status-list">
        {shown.map((row) => {
          const uptime = row.uptime;
          const since = when(row.since, i18n.locale);
          return (
            <li
              key={row.key}
              className={`q-home__service q-home__service--${row.state}`}
              data-testid={`status-${row.key}`}
              data-state={row.state}
            >
              <span className="q-home__service-dot" aria-hidden="true">
                {SHAPE[row.state]}
              </span>
              <span className="q-home__service-name">{i18n._(SERVICE_NAMES[row.key])}</span>
              <span className="q-home__service-state">{i18n._(SERVICE_STATES[row.state])}</span>
              <span className="q-home__service-facts q-muted">
                <Trans>
                  {uptime}% uptime (30 days) · since {since}
                </Trans>
              </span>
            </li>
          );
        })}
      </ul>
      {checked !== null && (
        <p className="q-muted q-home__small">
          <Trans>Checked by the server at {checked}</Trans>
        </p>
      )}
    </section>
  );
}
