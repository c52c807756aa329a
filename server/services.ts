// The server process as a list of services: each one starts after the ones before it and stops
// before them (reverse order). A start that fails stops what already started, so a process that
// cannot start leaves nothing running; a stop that fails is logged and the rest still stop.

export interface Service {
  /** What the log calls it: "database", "workers"... */
  name: string;
  start(): Promise<void>;
  /** Absent when there is nothing to stop (its work ends with the service started before it). */
  stop?(): Promise<void>;
}

/** Where stop failures go (the app's logger; a plain object in tests). */
export interface ServicesLog {
  error(details: { err: unknown }, message: string): void;
}

export interface RunningServices {
  /** Stops every started service in reverse order; rejects once all were tried if any failed. */
  stop(): Promise<void>;
}

/** Thrown by `startServices`: which service failed to start, with its error as `cause`. */
export class ServiceStartError extends Error {
  constructor(
    readonly service: string,
    cause: unknown,
  ) {
    super(`${service}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "ServiceStartError";
  }
}

export async function startServices(
  services: readonly Service[],
  log: () => ServicesLog,
): Promise<RunningServices> {
  const started: Service[] = [];
  for (const service of services) {
    try {
      await service.start();
    } catch (err) {
      // The failure is the start's; what the stops say goes to the log only.
      await stopInReverse(started, log()).catch(() => undefined);
      throw new ServiceStartError(service.name, err);
    }
    started.push(service);
  }
  let stopping: Promise<void> | undefined;
  return { stop: () => (stopping ??= stopInReverse(started, log())) };
}

async function stopInReverse(started: readonly Service[], log: ServicesLog): Promise<void> {
  const failed: string[] = [];
  for (const service of [...started].reverse()) {
    try {
      await service.stop?.();
    } catch (err) {
      failed.push(service.name);
      log.error({ err }, `${service.name} did not stop cleanly`);
    }
  }
  if (failed.length > 0) throw new Error(`did not stop cleanly: ${failed.join(", ")}`);
}
