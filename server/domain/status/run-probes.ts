// Runs every registered probe once, in parallel, each within a time limit, and records the
// round (status_current, status_hourly) in one transaction. A probe that throws or does not
// answer in time is "down"; one that passes but slowly is "degraded".
import type { Db } from "../../db/db";
import {
  forgetUnprobed,
  pruneHourly,
  recordProbes,
  type ProbeRecord,
} from "../../db/repositories/status-repository";
import type { Probe, ProbeOutcome, ProbeRegistry } from "./probes";

export interface ProbeTiming {
  /** A probe with no answer by then is down; default 5 s. */
  timeoutMs?: number;
  /** A passing probe slower than this is degraded; default 1 s. */
  degradedMs?: number;
}

/** status_hourly keeps one day more than the 30 that uptime reads. */
export const HOURLY_RETENTION_DAYS = 31;

export async function runProbe(probe: Probe, timing: ProbeTiming = {}): Promise<ProbeOutcome> {
  const { timeoutMs = 5_000, degradedMs = 1_000 } = timing;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProbeOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ state: "down", detail: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  const started = performance.now();
  try {
    const outcome = await Promise.race([probe(), timeout]);
    const ms = Math.round(performance.now() - started);
    if (outcome.state === "up" && ms > degradedMs) {
      return { state: "degraded", detail: `answered in ${ms} ms (over ${degradedMs} ms)` };
    }
    return outcome;
  } catch (err) {
    return {
      state: "down",
      detail: (err instanceof Error ? err.message : String(err)).slice(0, 300),
    };
  } finally {
    clearTimeout(timer);
  }
}

export async function runProbeRound(
  db: Db,
  registry: ProbeRegistry,
  timing: ProbeTiming = {},
  now: () => Date = () => new Date(),
): Promise<ProbeRecord[]> {
  // Only services that exist have a probe; the others are not recorded (no uptime, not shown).
  const records = await Promise.all(
    registry.keys().flatMap((key) => {
      const probe = registry.probe(key);
      return probe === undefined ? [] : [runProbe(probe, timing).then((r) => ({ key, ...r }))];
    }),
  );
  const at = now();
  await db.transaction(async (tx) => {
    await recordProbes(tx, at, records);
    await forgetUnprobed(
      tx,
      records.map((r) => r.key),
    );
    await pruneHourly(tx, new Date(at.getTime() - HOURLY_RETENTION_DAYS * 86_400_000));
  });
  return records;
}
