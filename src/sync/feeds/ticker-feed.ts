// Tickers for every symbol: /ws/data in the leading tab only (like the account socket), started
// and stopped with the sync engine's leadership. On start, and whenever the socket cannot
// connect, one GET /market/tickers fills the table too, so a first visit (or a network that
// blocks websockets) shows prices quickly.
//
// No resubscribe on a seq gap here: every tickers frame is complete — it carries every symbol's
// latest ticker — so the frame after a gap already repairs whatever the lost ones would have
// said. The gap is only logged.
import type { Ticker } from "../../../protocol";
import { getTickers } from "../../api/market";
import type { SyncEnvironment } from "../environment";
import { isTicker, parseDataFrame } from "./feed-frames";
import { FeedSocket, type FeedLog } from "./feed-socket";
import type { MarketWriter } from "./market-writer";
import { TopicSequencer } from "./topic-sequencer";

export interface TickerFeedDeps {
  env: SyncEnvironment;
  writer: MarketWriter;
  /** GET /market/tickers; injectable for tests. */
  fetchTickers?: () => Promise<Ticker[]>;
  log?: FeedLog;
}

const TOPIC = "tickers";

export class TickerFeed {
  private readonly socket: FeedSocket;
  private readonly sequencer = new TopicSequencer();
  private readonly fetchTickers: () => Promise<Ticker[]>;
  private active = false;
  private fetching: Promise<void> | null = null;

  constructor(private readonly deps: TickerFeedDeps) {
    this.fetchTickers = deps.fetchTickers ?? (() => getTickers({ quiet: true }));
    this.socket = new FeedSocket({
      env: deps.env,
      path: "data",
      log: deps.log,
      query: () => ({}),
      onOpen: () => this.sequencer.reset(),
      onMessage: (value) => this.onMessage(value),
      onDrop: (opened) => {
        // Stopping closes the socket too; that is no reason to ask REST.
        if (!opened && this.active) void this.fetchOnce();
      },
    });
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    void this.fetchOnce();
    this.socket.start();
  }

  stop(): void {
    this.active = false;
    this.socket.stop();
  }

  /** GET /market/tickers once (one at a time); resolves when written to the writer. */
  fetchOnce(): Promise<void> {
    this.fetching ??= this.fetchTickers()
      .then((tickers) => {
        if (!this.active || !Array.isArray(tickers)) return;
        this.deps.writer.putTickers(tickers.filter(isTicker), "rest");
      })
      // Offline or the server is down: the socket's retries try again, each with one GET.
      .catch(() => undefined)
      .finally(() => {
        this.fetching = null;
      });
    return this.fetching;
  }

  private onMessage(value: unknown): void {
    const frame = parseDataFrame(value);
    if (frame === null) {
      this.deps.log?.("malformed-frame", { path: "data", frame: value });
      return;
    }
    if (frame.type === "pong") return;
    if (frame.type === "error") {
      this.deps.log?.("server-error", { path: "data", code: frame.code, message: frame.message });
      return;
    }
    if (this.sequencer.complete(TOPIC, frame.seq) === "gap") {
      // Nothing to repair: this frame is complete (see the top of this file).
      this.deps.log?.("seq-gap", { path: "data", seq: frame.seq, resubscribe: false });
    }
    this.deps.writer.putTickers(frame.data, "feed");
  }
}
