// One market socket: its topic, and the backpressure rule. A socket whose unsent bytes exceed
// the high-water mark is skipped (marked behind) instead of buffering without bound; once it
// drains to the low-water mark it gets a fresh snapshot of its topic at the current seq, never
// the updates it missed. Sending never waits on the socket, so a slow client delays nobody.
import {
  KDATA_DEFAULT_LIMIT,
  type FeedErrorFrame,
  type FeedPongFrame,
} from "../../../protocol/feed";
import type { WebSocket } from "ws";
import type { FeedEndpoint } from "./client-frames";
import type { Topic } from "./topic";
import type { HubContext } from "./hub-context";

/** Error frames: a burst of this many, then one per second (a chatty client must not make us chatty). */
const ERROR_BURST = 3;
const ERROR_REFILL_MS = 1000;

export class HubConnection {
  topic: Topic | null = null;
  /** /ws/kdata: candles in this client's snapshots. */
  limit = KDATA_DEFAULT_LIMIT;
  /** Skipped since its last frame; the next thing it gets is a snapshot. */
  behind = false;
  /** Answered the last ping (or has not been pinged yet). */
  alive = true;
  private errorTokens = ERROR_BURST;
  private errorTokensAt: number;

  constructor(
    readonly socket: WebSocket,
    readonly endpoint: FeedEndpoint,
    private readonly hub: HubContext,
  ) {
    this.errorTokensAt = hub.now();
  }

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** An update of its topic (the same string for every subscriber). */
  deliver(text: string): void {
    if (!this.open) return;
    if (this.behind) {
      if (!this.catchUp()) this.hub.counters.framesSkipped += 1;
      return;
    }
    if (this.socket.bufferedAmount > this.hub.highWaterBytes) return this.fallBehind();
    this.send(text);
  }

  /** A complete frame of its topic: on subscribe, and to everyone when a topic reloads. */
  sendSnapshot(): void {
    // While behind, the catch-up sends the snapshot.
    if (!this.open || !this.topic || this.behind) return;
    if (this.socket.bufferedAmount > this.hub.highWaterBytes) return this.fallBehind();
    const text = this.topic.snapshot(this);
    if (text !== null) this.send(text);
  }

  /** Behind and drained to the low-water mark: a fresh snapshot now. False while still full. */
  catchUp(): boolean {
    if (!this.open) return true;
    if (this.socket.bufferedAmount > this.hub.lowWaterBytes) return false;
    this.behind = false;
    this.hub.counters.resnapshots += 1;
    this.sendSnapshot();
    return true;
  }

  pong(): void {
    this.control({ type: "pong" });
  }

  /** A VALIDATION error frame, rate-limited per connection. */
  refuse(message: string): void {
    const now = this.hub.now();
    const refill = Math.floor((now - this.errorTokensAt) / ERROR_REFILL_MS);
    if (refill > 0) {
      this.errorTokens = Math.min(ERROR_BURST, this.errorTokens + refill);
      this.errorTokensAt += refill * ERROR_REFILL_MS;
    }
    if (this.errorTokens === 0) return;
    this.errorTokens -= 1;
    this.hub.counters.errorFrames += 1;
    this.control({ type: "error", code: "VALIDATION", message });
  }

  private fallBehind(): void {
    this.behind = true;
    this.hub.counters.framesSkipped += 1;
    this.hub.watchBehind(this);
  }

  private send(text: string): void {
    this.socket.send(text);
    this.hub.counters.framesSent += 1;
  }

  /** Frames outside any topic; dropped for a socket over the high-water mark. */
  private control(frame: FeedErrorFrame | FeedPongFrame): void {
    if (!this.open || this.socket.bufferedAmount > this.hub.highWaterBytes) return;
    this.socket.send(JSON.stringify(frame));
  }
}
