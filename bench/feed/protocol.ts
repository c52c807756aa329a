// Messages between the feed benchmark's runner and its child processes (IPC, advanced
// serialisation, so typed arrays and Maps travel as they are).

/** Topics every client subscribes to: the tickers and one depth book. */
export const TOPICS = ["tickers", "depth"] as const;
export type TopicIndex = 0 | 1;
export const DEPTH_SYMBOL = "BTC/USDT";

/** Server → runner: what it published, when. Key: topic index × 2^32 + seq. */
export interface PublishLog {
  kind: "published";
  times: Map<number, number>;
  /** The frames themselves, in order, for the bare server to replay. */
  frames: { topic: TopicIndex; at: number; frame: string }[];
  cpuMs: number;
  windowMs: number;
}

export const logKey = (topic: TopicIndex, seq: number): number => topic * 2 ** 32 + seq;

/** Client process → runner: receive records as flat triples (topic, seq, receive time). */
export interface ReceiveLog {
  kind: "received";
  records: Float64Array;
  count: number;
}

export type RunnerCommand =
  | { kind: "start-window" }
  | { kind: "stop-window" }
  | { kind: "replay"; frames: PublishLog["frames"] }
  | { kind: "exit" };
