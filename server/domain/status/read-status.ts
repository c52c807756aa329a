// GET /system/status: every probed service's current state, when it began, and its uptime over
// the last 30 days of hourly counts (real probe results only). One query. A service that was never
// probed — not built yet, or before the first round after start — is not listed.
import { SERVICE_KEYS, type ServiceStatus, type SystemStatus } from "../../../protocol/content";
import type { Queryable } from "../../db/db";
import { statusOverview } from "../../db/repositories/status-repository";

export const UPTIME_WINDOW_DAYS = 30;

export async function readStatus(db: Queryable, now: Date = new Date()): Promise<SystemStatus> {
  const from = new Date(now.getTime() - UPTIME_WINDOW_DAYS * 86_400_000);
  const rows = await statusOverview(db, SERVICE_KEYS, from);
  const checked = rows.flatMap((r) => (r.checked_at ? [r.checked_at.getTime()] : []));
  // The last round's time; before any round, now (nothing was checked yet).
  const checkedAt = new Date(checked.length > 0 ? Math.max(...checked) : now.getTime());
  const services: ServiceStatus[] = rows.flatMap((row) =>
    row.state === null || row.since === null
      ? []
      : [
          {
            key: row.key as ServiceStatus["key"],
            state: row.state,
            uptime: formatUptime(row.up, row.total),
            since: row.since.toISOString(),
          },
        ],
  );
  return { services, checkedAt: checkedAt.toISOString() };
}

/**
 * up/total as a percentage with two decimals, rounded down so it never claims more than was
 * measured ("99.99" for 9999 of 10000, never "100.00" unless every probe passed).
 */
export function formatUptime(up: string | null, total: string | null): string {
  const t = BigInt(total ?? "0");
  if (t === 0n) return "0.00";
  const basisPoints = (BigInt(up ?? "0") * 10_000n) / t;
  return `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, "0")}`;
}
