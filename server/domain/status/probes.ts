// The probe registry: one probe per service that exists. A key of GET /system/status gets a probe
// when its component is built (built-in-probes.ts, or registered later, e.g. the market's "live"
// once the feed runs); keys without one are neither probed nor shown — a service that does not
// exist yet is not an outage. A probe says what it found; the runner adds timing.
import { SERVICE_KEYS, type ServiceKey, type ServiceState } from "../../../protocol/content";

export interface ProbeOutcome {
  state: ServiceState;
  /** Why, for operators (stored in status_current.detail); never sent to clients. */
  detail: string | null;
}

export type Probe = () => Promise<ProbeOutcome>;

export class ProbeRegistry {
  private readonly probes = new Map<ServiceKey, Probe>();

  constructor(initial: Partial<Record<ServiceKey, Probe>> = {}) {
    for (const key of SERVICE_KEYS) {
      const probe = initial[key];
      if (probe !== undefined) this.probes.set(key, probe);
    }
  }

  /** Adds or replaces the probe of `key` (e.g. the market registering "live"). */
  registerProbe(key: ServiceKey, probe: Probe): void {
    this.probes.set(key, probe);
  }

  /** The keys with a probe, in the protocol's order. */
  keys(): ServiceKey[] {
    return SERVICE_KEYS.filter((key) => this.probes.has(key));
  }

  probe(key: ServiceKey): Probe | undefined {
    return this.probes.get(key);
  }
}
