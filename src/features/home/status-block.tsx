// Service status (GET /system/status as last pulled): each of the protocol's services with its
// state in words and shape, its 30-day uptime and since when it has been in that state.
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
      <ul className="q-home__status-list">
        {SERVICE_KEYS.map((key) => {
          const row = byKey.get(key);
          const uptime = row?.uptime ?? "";
          const since = row === undefined ? "" : when(row.since, i18n.locale);
          return (
            <li
              key={key}
              className={`q-home__service q-home__service--${row?.state ?? "unknown"}`}
              data-testid={`status-${key}`}
              data-state={row?.state ?? "unknown"}
            >
              <span className="q-home__service-dot" aria-hidden="true">
                {row === undefined ? "–" : SHAPE[row.state]}
              </span>
              <span className="q-home__service-name">{i18n._(SERVICE_NAMES[key])}</span>
              <span className="q-home__service-state">
                {row === undefined ? <Trans>Unknown</Trans> : i18n._(SERVICE_STATES[row.state])}
              </span>
              {row !== undefined && (
                <span className="q-home__service-facts q-muted">
                  <Trans>
                    {uptime}% uptime (30 days) · since {since}
                  </Trans>
                </span>
              )}
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
