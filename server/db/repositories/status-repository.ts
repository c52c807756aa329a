// Service status (migration 004): status_current holds each service's latest probe, and
// status_hourly counts probes per service and UTC hour (up includes degraded) for uptime.
import type { Queryable } from "../db";

export interface ProbeRecord {
  key: string;
  state: "up" | "degraded" | "down";
  detail: string | null;
}

/**
 * Records one round of probes taken at `at`. `since` moves only when a service's state changed;
 * the hour bucket is the UTC hour, whatever the session's time zone.
 */
export async function recordProbes(tx: Queryable, at: Date, probes: ProbeRecord[]): Promise<void> {
  const json = JSON.stringify(probes);
  await tx.query(
    `INSERT INTO status_current (key, state, detail, since, checked_at)
     SELECT key, state, detail, $2, $2
       FROM jsonb_to_recordset($1::jsonb) AS x(key text, state text, detail text)
     ON CONFLICT (key) DO UPDATE
        SET state = EXCLUDED.state, detail = EXCLUDED.detail, checked_at = EXCLUDED.checked_at,
            since = CASE WHEN status_current.state = EXCLUDED.state
                         THEN status_current.since ELSE EXCLUDED.since END`,
    [json, at],
  );
  await tx.query(
    `INSERT INTO status_hourly (key, hour, up, total)
     SELECT key, date_trunc('hour', $2::timestamptz, 'UTC'), CASE WHEN state = 'down' THEN 0 ELSE 1 END, 1
       FROM jsonb_to_recordset($1::jsonb) AS x(key text, state text)
     ON CONFLICT (key, hour) DO UPDATE
        SET up = status_hourly.up + EXCLUDED.up, total = status_hourly.total + 1`,
    [json, at],
  );
}

/** Drops hourly counts older than `before`; uptime reads only the last 30 days. */
export async function pruneHourly(tx: Queryable, before: Date): Promise<number> {
  const rows = await tx.query("DELETE FROM status_hourly WHERE hour < $1 RETURNING key", [before]);
  return rows.length;
}

/**
 * Drops the rows of services that have no probe (not built): earlier versions recorded them as
 * "down, not running yet" every minute, which is no measurement and looked like an outage.
 */
export async function forgetUnprobed(tx: Queryable, probed: string[]): Promise<void> {
  await tx.query("DELETE FROM status_current WHERE NOT (key = ANY($1::text[]))", [probed]);
  await tx.query("DELETE FROM status_hourly WHERE NOT (key = ANY($1::text[]))", [probed]);
}

export interface StatusOverviewRow {
  key: string;
  state: "up" | "degraded" | "down" | null;
  since: Date | null;
  checked_at: Date | null;
  /** Sums over the window, as strings (bigint); null without any probe in it. */
  up: string | null;
  total: string | null;
}

/** Every key in `keys` with its current state and its counts in hours starting after `from`. */
export async function statusOverview(
  db: Queryable,
  keys: readonly string[],
  from: Date,
): Promise<StatusOverviewRow[]> {
  return db.query<StatusOverviewRow>(
    `SELECT k.key, c.state, c.since, c.checked_at, h.up, h.total
       FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n)
       LEFT JOIN status_current c ON c.key = k.key
       LEFT JOIN (SELECT key, sum(up) AS up, sum(total) AS total
                    FROM status_hourly WHERE hour > $2 GROUP BY key) h ON h.key = k.key
      ORDER BY k.n`,
    [keys as string[], from],
  );
}

/** The "api" probe: a round trip and the newest applied migration. */
export async function databaseProbe(
  db: Queryable,
): Promise<{ ok: boolean; version: number | null }> {
  const [row] = await db.query<{ ok: number; version: number | null }>(
    "SELECT 1 AS ok, (SELECT max(version) FROM schema_migrations) AS version",
  );
  return { ok: row?.ok === 1, version: row?.version ?? null };
}

/** The "coding" probe: the change log's tables answer. */
export async function changeLogProbe(db: Queryable): Promise<void> {
  await db.query(
    `SELECT EXISTS (SELECT 1 FROM change_heads) AS heads, EXISTS (SELECT 1 FROM change_log) AS log`,
  );
}
