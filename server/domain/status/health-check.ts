// Whether this server can do its job right now. "ok" means a real round trip to the database
// succeeded, not merely that the process is up — a load balancer should route away otherwise.
import type { Health, QuantaMode } from "../../../protocol/health";
import type { Queryable } from "../../db/db";

export interface HealthCheckOptions {
  mode: QuantaMode;
  version: string;
  /** A hung database must fail the check, not hang the prober. */
  timeoutMs?: number;
}

export interface HealthResult {
  health: Health;
  /** Why it is not ok, for the log; never sent to clients. */
  failure?: unknown;
}

export async function checkHealth(
  db: Queryable,
  options: HealthCheckOptions,
): Promise<HealthResult> {
  const { mode, version, timeoutMs = 2_000 } = options;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`database did not answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    const rows = await Promise.race([db.query<{ ok: number }>("SELECT 1 AS ok"), timeout]);
    const ok = rows[0]?.ok === 1;
    return ok
      ? { health: { ok, mode, version } }
      : { health: { ok, mode, version }, failure: new Error("SELECT 1 returned no row") };
  } catch (failure) {
    return { health: { ok: false, mode, version }, failure };
  } finally {
    clearTimeout(timer);
  }
}
