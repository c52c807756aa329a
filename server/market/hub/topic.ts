// What every market topic shares: its subscribers, its seq (one per topic, rising by one per
// published frame, the first frame a topic has is seq 1), and the fan-out rule — a frame is
// serialised once and the same string goes to every subscriber, each through its own
// backpressure check (hub-connection.ts), without waiting on any socket.
import type { HubConnection } from "./hub-connection";
import type { HubContext } from "./hub-context";

export abstract class Topic {
  readonly subscribers = new Set<HubConnection>();
  seq = 0;
  private snapshots = new Map<number, string>();
  private snapshotsSeq = -1;

  constructor(
    readonly key: string,
    protected readonly hub: HubContext,
  ) {}

  /** A complete frame for `connection` at the current seq, or null while there is none yet. */
  abstract snapshot(connection: HubConnection): string | null;

  join(connection: HubConnection): void {
    this.subscribers.add(connection);
    connection.topic = this;
  }

  leave(connection: HubConnection): void {
    this.subscribers.delete(connection);
    if (connection.topic === this) connection.topic = null;
  }

  /** Stops the topic's timers and waits for work in flight; the hub has dropped it. */
  async close(): Promise<void> {}

  /** Hands `frame` (already at the new seq) to every subscriber; nobody listening, no JSON. */
  protected publish(frame: object): void {
    if (this.subscribers.size === 0) return;
    const text = this.serialise(frame);
    this.hub.onPublish?.(this.key, this.seq, text);
    for (const connection of this.subscribers) connection.deliver(text);
  }

  protected serialise(frame: object): string {
    this.hub.counters.framesSerialised += 1;
    return JSON.stringify(frame);
  }

  /**
   * The snapshot of this seq for `variant` (kdata: the client's limit), built once per seq: a
   * crowd subscribing or catching up at once costs one serialisation.
   */
  protected cachedSnapshot(variant: number, build: () => object): string {
    if (this.snapshotsSeq !== this.seq) {
      this.snapshots = new Map();
      this.snapshotsSeq = this.seq;
    }
    let text = this.snapshots.get(variant);
    if (text === undefined) {
      text = this.serialise(build());
      this.snapshots.set(variant, text);
    }
    return text;
  }
}
