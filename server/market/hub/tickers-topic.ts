// /ws/data's one topic: every ticker, read from the record once per publish for all clients,
// only while someone listens. A frame goes out after flushes at most once per `everyMs`, and at
// least once per `heartbeatMs` even when nothing traded (it doubles as a heartbeat). Every frame
// is complete, so a subscriber's snapshot is simply the latest frame.
import type { TickersFrame } from "../../../protocol/feed";
import type { Ticker } from "../../../protocol/market";
import type { HubConnection } from "./hub-connection";
import type { HubContext } from "./hub-context";
import { Topic } from "./topic";

export interface TickersTopicOptions {
  everyMs: number;
  heartbeatMs: number;
  /** One consistent read of every ticker (readTickers under the feed's readConsistent). */
  read(): Promise<Ticker[]>;
  onError(err: unknown): void;
}

export class TickersTopic extends Topic {
  /** The latest frame, dropped when the last subscriber leaves so no one starts on old prices. */
  private latest: string | null = null;
  private lastPublishAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private dueAt = Number.POSITIVE_INFINITY;
  private publishing: Promise<void> | null = null;
  /** A flush came in while publishing: the next frame is due after `everyMs`, not the heartbeat. */
  private flushedMeanwhile = false;
  private closed = false;

  constructor(
    hub: HubContext,
    private readonly options: TickersTopicOptions,
  ) {
    super("tickers", hub);
  }

  snapshot(): string | null {
    return this.latest;
  }

  override join(connection: HubConnection): void {
    const first = this.subscribers.size === 0;
    super.join(connection);
    if (first) this.schedule(this.hub.now());
  }

  override leave(connection: HubConnection): void {
    super.leave(connection);
    if (this.subscribers.size > 0) return;
    this.latest = null;
    this.cancel();
  }

  /** A flush committed: publish within `everyMs`. */
  flushed(): void {
    if (this.subscribers.size === 0) return;
    if (this.publishing) this.flushedMeanwhile = true;
    else this.schedule(this.lastPublishAt + this.options.everyMs);
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.cancel();
    await this.publishing;
  }

  /** Publishes at `at` (monotonic ms) or earlier if already due; never within `everyMs` of the last. */
  private schedule(at: number): void {
    if (this.closed || this.publishing) return;
    const due = Math.max(at, this.lastPublishAt + this.options.everyMs);
    if (this.timer && this.dueAt <= due) return;
    this.cancel();
    this.dueAt = due;
    this.timer = setTimeout(() => this.fire(), Math.max(0, due - this.hub.now()));
    this.timer.unref();
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Number.POSITIVE_INFINITY;
  }

  private fire(): void {
    this.timer = null;
    this.dueAt = Number.POSITIVE_INFINITY;
    if (this.subscribers.size === 0 || this.closed) return;
    this.flushedMeanwhile = false;
    this.lastPublishAt = this.hub.now();
    this.publishing = this.publishNow().finally(() => {
      this.publishing = null;
      if (this.subscribers.size === 0) return;
      const { everyMs, heartbeatMs } = this.options;
      this.schedule(this.lastPublishAt + (this.flushedMeanwhile ? everyMs : heartbeatMs));
    });
  }

  private async publishNow(): Promise<void> {
    try {
      const data = await this.options.read();
      if (this.closed || this.subscribers.size === 0) return;
      this.seq += 1;
      const frame: TickersFrame = { type: "tickers", seq: this.seq, data };
      this.latest = this.serialise(frame);
      for (const connection of this.subscribers) connection.deliver(this.latest);
    } catch (err) {
      if (!this.closed) this.options.onError(err);
    }
  }
}
