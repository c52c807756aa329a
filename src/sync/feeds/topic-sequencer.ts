// Sequence checking per topic (protocol/feed.ts): `seq` rises by one per topic, and a snapshot
// (complete) frame starts the count afresh. An update that does not follow the last frame means
// frames were lost: the book or candles built from them would be wrong, so the topic waits for
// a new snapshot (the caller resubscribes) and every update before it is ignored.

/** What to do with an update: apply it, drop it (waiting for a snapshot), or resubscribe. */
export type UpdateVerdict = "apply" | "ignore" | "gap";

export class TopicSequencer {
  /** The last applied seq per topic; a topic missing here waits for its snapshot. */
  private readonly last = new Map<string, number>();

  /**
   * A complete frame: always applied, and the count restarts at its seq. Answers how it relates
   * to the topic's previous frame: none ("first"), the next one ("in-order"), or not ("gap").
   */
  complete(topic: string, seq: number): "first" | "in-order" | "gap" {
    const previous = this.last.get(topic);
    this.last.set(topic, seq);
    if (previous === undefined) return "first";
    return seq === previous + 1 ? "in-order" : "gap";
  }

  update(topic: string, seq: number): UpdateVerdict {
    const previous = this.last.get(topic);
    if (previous === undefined) return "ignore";
    if (seq === previous + 1) {
      this.last.set(topic, seq);
      return "apply";
    }
    // Lost, repeated or reordered frames alike: only a snapshot makes the topic whole again.
    this.last.delete(topic);
    return "gap";
  }

  /** Forget a topic (switched away from it): its updates are ignored until a new snapshot. */
  forget(topic: string): void {
    this.last.delete(topic);
  }

  /** A new connection: every topic starts again from its snapshot. */
  reset(): void {
    this.last.clear();
  }
}
