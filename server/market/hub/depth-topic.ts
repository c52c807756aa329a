// /ws/depth?symbol=: one symbol's book from the feed's memory, top DEPTH_LEVELS a side. Book
// changes are conflated: a frame at most every 1000 / DEPTH_MAX_PER_SECOND ms, carrying only the
// levels that changed since the previous frame (depth-diff.ts); an unchanged book sends nothing.
import { DEPTH_MAX_PER_SECOND, type DepthFrame } from "../../../protocol/feed";
import { formatTickTime, type Depth, type DepthLevel } from "../../../protocol/market";
import { diffDepth, isEmptyChange } from "./depth-diff";
import type { HubContext } from "./hub-context";
import { Topic } from "./topic";

/** Milliseconds between two depth frames of a topic, at least. */
export const DEPTH_MIN_GAP_MS = 1000 / DEPTH_MAX_PER_SECOND;

interface SentBook {
  bids: readonly DepthLevel[];
  asks: readonly DepthLevel[];
  ts: string;
}

export class DepthTopic extends Topic {
  /** The book as of the current seq: what a client holds after applying every frame. */
  private sent: SentBook;
  private lastFrameAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    hub: HubContext,
    readonly symbol: string,
    /** The feed's newest book of this symbol cut to DEPTH_LEVELS, if there is a feed and a book. */
    private readonly book: () => Depth | undefined,
  ) {
    super(`depth|${symbol}`, hub);
    const now = book();
    this.sent = now ?? { bids: [], asks: [], ts: formatTickTime(Date.now()) };
    this.seq = 1;
  }

  snapshot(): string {
    return this.cachedSnapshot(0, () => this.frame("snapshot", this.sent));
  }

  /** The book moved: a frame once the conflation gap has passed (one timer, however many moves). */
  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.tick(), this.wait());
    this.timer.unref();
  }

  override async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private wait(): number {
    return Math.max(0, this.lastFrameAt + DEPTH_MIN_GAP_MS - this.hub.now());
  }

  private tick(): void {
    this.timer = null;
    // Timers may fire a hair early against the monotonic clock: never two frames within the gap.
    if (this.wait() > 0) return this.changed();
    const book = this.book();
    if (!book) return;
    const changes = diffDepth(this.sent, book);
    if (isEmptyChange(changes)) return;
    this.sent = { bids: book.bids, asks: book.asks, ts: book.ts };
    this.seq += 1;
    this.lastFrameAt = this.hub.now();
    this.publish(this.frame("update", { ...changes, ts: book.ts }));
  }

  private frame(type: DepthFrame["type"], book: SentBook): DepthFrame {
    const { symbol, seq } = this;
    return { type, symbol, seq, bids: [...book.bids], asks: [...book.asks], ts: book.ts };
  }
}
