// The background prober workers.ts starts: one round once the server is ready, then one per interval,
// never two at once. stop() waits for a round in flight so the database can close cleanly after it.
import type { Db } from "../../db/db";
import { builtInProbes } from "./built-in-probes";
import { ProbeRegistry } from "./probes";
import { runProbeRound, type ProbeTiming } from "./run-probes";

export interface StatusProberOptions extends ProbeTiming {
  /** Default 60 s. */
  intervalMs?: number;
  /** Default: the built-in probes over this db and config. */
  registry?: ProbeRegistry;
  /** Where a failed round (e.g. the database is gone) is reported. */
  onError?: (err: unknown) => void;
  /**
   * The first round waits for this (workers.ts: the market and the chain have started), so probes
   * taken while the process is still starting — slow, or of parts not attached yet — never count
   * as an outage. Default: at once.
   */
  ready?: Promise<unknown>;
}

export interface StatusProber {
  /** Register real probes here; they take effect from the next round. */
  readonly registry: ProbeRegistry;
  /** Resolves when the round in flight (or a new one) has been recorded. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startStatusProber(
  db: Db,
  config: { appDistDir: string },
  options: StatusProberOptions = {},
): StatusProber {
  const { intervalMs = 60_000, onError = () => undefined, ...timing } = options;
  const registry =
    options.registry ?? new ProbeRegistry(builtInProbes({ db, appDistDir: config.appDistDir }));
  let running: Promise<void> | null = null;
  let stopped = false;

  const round = (): Promise<void> => {
    if (running) return running;
    running = runProbeRound(db, registry, timing)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
    return running;
  };

  let timer: NodeJS.Timeout | undefined;
  void (options.ready ?? Promise.resolve()).then(() => {
    if (stopped) return;
    void round();
    timer = setInterval(() => {
      if (!stopped) void round();
    }, intervalMs);
    timer.unref();
  }, onError);

  return {
    registry,
    runOnce: () => (stopped ? Promise.resolve() : round()),
    async stop() {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      await running;
    },
  };
}
