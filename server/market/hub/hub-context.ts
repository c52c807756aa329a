// What the hub shares with its connections and topics: the counters the benchmark reads, the
// backpressure thresholds, and the way a connection that falls behind is watched until it drains.
import type { HubConnection } from "./hub-connection";

/** Running totals since the hub started (the benchmark reads them), plus the clients now open. */
export interface HubCounters {
  /** Topic frames turned into JSON: once per published frame, once per snapshot built. */
  framesSerialised: number;
  /** Topic frames handed to a socket (updates, snapshots, resnapshots). */
  framesSent: number;
  /** Topic frames not sent because the socket was over the high-water mark. */
  framesSkipped: number;
  /** Snapshots sent to a socket that had been skipped, once it drained below the low-water mark. */
  resnapshots: number;
  /** Error frames sent (VALIDATION), after rate limiting. */
  errorFrames: number;
  /** Market sockets open now. */
  clients: number;
}

export interface HubContext {
  readonly counters: HubCounters;
  /** Skip a socket whose unsent bytes exceed this. */
  readonly highWaterBytes: number;
  /** A skipped socket gets a fresh snapshot once its unsent bytes are at or below this. */
  readonly lowWaterBytes: number;
  /** A connection was skipped: check it until it drains, even if its topic goes quiet. */
  watchBehind(connection: HubConnection): void;
  /** Monotonic milliseconds (performance.now unless a test clock is given). */
  now(): number;
  /** Observes every published topic frame just before it goes to the sockets (the benchmark). */
  readonly onPublish: ((topicKey: string, seq: number, frame: string) => void) | undefined;
}

export function emptyCounters(): HubCounters {
  return {
    framesSerialised: 0,
    framesSent: 0,
    framesSkipped: 0,
    resnapshots: 0,
    errorFrames: 0,
    clients: 0,
  };
}
