// A per-topic socket (/ws/depth or /ws/kdata) for this tab: one connection per path, showing one
// topic at a time. Switching topics sends the subscribe op on the open connection (no reconnect);
// a gap in `seq` resubscribes the same topic and ignores updates until the snapshot that answers.
// Frames of any other topic (late ones of the topic just left) are ignored.
import type {
  DepthFrame,
  FeedClientOp,
  FeedErrorFrame,
  FeedPongFrame,
  KdataFrame,
} from "../../../protocol";
import type { SyncEnvironment } from "../environment";
import { FeedSocket, type FeedLog } from "./feed-socket";
import { TopicSequencer } from "./topic-sequencer";

/** After the last watcher left, the socket stays this long (React's double effects, a quick
 *  switch from spot to options) before it closes. */
export const LINGER_MS = 2_000;
/** A snapshot asked for but not come after this long (updates flowing): reconnect. */
export const SNAPSHOT_WAIT_MS = 10_000;

export interface TopicFeedSpec<Topic, Frame extends DepthFrame | KdataFrame> {
  path: "depth" | "kdata";
  keyOf(topic: Topic): string;
  frameKey(frame: Frame): string;
  query(topic: Topic): Record<string, string>;
  subscribeOp(topic: Topic): FeedClientOp;
  parse(value: unknown): Frame | FeedErrorFrame | FeedPongFrame | null;
  apply(frame: Frame): void;
}

export interface TopicFeedDeps {
  env: SyncEnvironment;
  log?: FeedLog;
}

export class TopicFeed<Topic, Frame extends DepthFrame | KdataFrame> {
  private topic: Topic | null = null;
  /** The topic the open (or opening) connection was asked for. */
  private connectedKey: string | null = null;
  /** Since when the shown topic waits for its snapshot; null when it has one. */
  private waitingSince: number | null = null;
  private cancelLinger: (() => void) | null = null;
  private readonly sequencer = new TopicSequencer();
  private readonly socket: FeedSocket;

  constructor(
    private readonly spec: TopicFeedSpec<Topic, Frame>,
    private readonly deps: TopicFeedDeps,
  ) {
    this.socket = new FeedSocket({
      env: deps.env,
      path: spec.path,
      log: deps.log,
      query: () => {
        if (this.topic === null) return null;
        this.connectedKey = spec.keyOf(this.topic);
        return spec.query(this.topic);
      },
      onOpen: () => this.onOpen(),
      onMessage: (value) => this.onMessage(value),
    });
  }

  /** Shows `topic`: connects, or switches the open connection to it. */
  show(topic: Topic): void {
    this.cancelLinger?.();
    this.cancelLinger = null;
    const previous = this.topic;
    const changed = previous === null || this.spec.keyOf(previous) !== this.spec.keyOf(topic);
    this.topic = topic;
    if (!this.socket.running) {
      this.waitingSince = this.deps.env.now();
      this.socket.start();
      return;
    }
    this.socket.ensureConnected();
    if (!changed) return;
    if (previous !== null) this.sequencer.forget(this.spec.keyOf(previous));
    this.subscribe();
  }

  /** Nobody watches any topic: close after LINGER_MS unless one is shown again. */
  idle(): void {
    if (this.cancelLinger !== null || !this.socket.running) return;
    this.cancelLinger = this.deps.env.setTimer(() => {
      this.cancelLinger = null;
      this.close();
    }, LINGER_MS);
  }

  /** Closes at once (the linger ran out; tests). */
  close(): void {
    this.cancelLinger?.();
    this.cancelLinger = null;
    this.topic = null;
    this.connectedKey = null;
    this.socket.stop();
    this.sequencer.reset();
  }

  /** Asks the open connection for the shown topic's snapshot (a connecting one asks on open). */
  private subscribe(): void {
    if (this.topic === null) return;
    this.waitingSince = this.deps.env.now();
    if (this.socket.send(this.spec.subscribeOp(this.topic))) {
      this.connectedKey = this.spec.keyOf(this.topic);
    }
  }

  private onOpen(): void {
    this.sequencer.reset();
    this.waitingSince = this.deps.env.now();
    // The topic changed while the connection was opening: its query named the old one.
    if (this.topic !== null && this.connectedKey !== this.spec.keyOf(this.topic)) this.subscribe();
  }

  private onMessage(value: unknown): void {
    const frame = this.spec.parse(value);
    if (frame === null) {
      this.deps.log?.("malformed-frame", { path: this.spec.path, frame: value });
      return;
    }
    if (frame.type === "pong") return;
    if (frame.type === "error") {
      // The server did not understand an op of ours; the connection stays, so do we.
      this.deps.log?.("server-error", {
        path: this.spec.path,
        code: frame.code,
        message: frame.message,
      });
      return;
    }
    const topic = this.topic;
    if (topic === null || this.spec.frameKey(frame) !== this.spec.keyOf(topic)) return;
    const key = this.spec.keyOf(topic);
    if (frame.type === "snapshot") {
      this.sequencer.complete(key, frame.seq);
      this.waitingSince = null;
      this.spec.apply(frame);
      return;
    }
    const verdict = this.sequencer.update(key, frame.seq);
    if (verdict === "apply") {
      this.spec.apply(frame);
    } else if (verdict === "gap") {
      this.deps.log?.("seq-gap", { path: this.spec.path, topic: key, seq: frame.seq });
      this.subscribe();
    } else if (
      this.waitingSince !== null &&
      this.deps.env.now() - this.waitingSince >= SNAPSHOT_WAIT_MS
    ) {
      this.socket.reconnect("no-snapshot");
    }
  }
}
