// The probe registry: one probe per service key of GET /system/status. Every key starts with a
// default (built-in-probes.ts); a later issue that brings a component to life registers its real
// probe, which replaces the default. A probe says what it found; the runner adds timing.
import { SERVICE_KEYS, type ServiceKey, type ServiceState } from "../../../protocol/content";

export interface ProbeOutcome {
  state: ServiceState;
  /** Why, for operators (stored in status_current.detail); never sent to clients. */
  detail: string | null;
}

export type Probe = () => Promise<ProbeOutcome>;

/** For components that do not exist yet: honestly down, never a fake "up". */
export const notRunningYet: Probe = async () => ({ state: "down", detail: "not running yet" });

export class ProbeRegistry {
  private readonly probes = new Map<ServiceKey, Probe>();

  constructor(defaults: Partial<Record<ServiceKey, Probe>> = {}) {
    for (const key of SERVICE_KEYS) this.probes.set(key, defaults[key] ?? notRunningYet);
  }

  /** Replaces the probe of `key` (e.g. the market issue registering "live"). */
  registerProbe(key: ServiceKey, probe: Probe): void {
    this.probes.set(key, probe);
  }

  probe(key: ServiceKey): Probe {
    return this.probes.get(key) ?? notRunningYet;
  }
}
