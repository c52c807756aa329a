// The market websockets (API.md "Websockets": /ws/data, /ws/depth, /ws/kdata). Frames are JSON.
// Every topic frame carries `seq`, which rises by one per topic; the first frame a subscriber
// gets (and every resnapshot) is complete, so a client that sees a gap resubscribes and starts
// again from the snapshot that answers. Error and pong frames belong to no topic: no `seq`.
import type { DepthLevel, KlineInterval, KlineRow, Ticker } from "./market";

/** /ws/data: every ticker, batched, at least once a second. Each frame is complete on its own. */
export interface TickersFrame {
  type: "tickers";
  seq: number;
  data: Ticker[];
}

/**
 * /ws/depth?symbol=: "snapshot" is the whole book (best first, up to 20 levels a side);
 * "update" lists only the levels that changed since the previous frame, and a level whose
 * quantity is "0" is gone. Updates are conflated to at most 10 a second.
 */
export interface DepthFrame {
  type: "snapshot" | "update";
  symbol: string;
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
  /** The book's time (ISO-8601 UTC). */
  ts: string;
}

/**
 * /ws/kdata?symbol=&interval=: "snapshot" is the latest candles (oldest first, `limit` of them,
 * default 300); "update" carries the candles that changed since the previous frame (the current
 * one, and the one before when an interval just closed), oldest first. A candle replaces the
 * one with the same open time.
 */
export interface KdataFrame {
  type: "snapshot" | "update";
  symbol: string;
  interval: KlineInterval;
  seq: number;
  candles: KlineRow[];
}

export type FeedErrorCode = "VALIDATION";

/** The answer to a client frame the server could not use. The connection stays open. */
export interface FeedErrorFrame {
  type: "error";
  code: FeedErrorCode;
  message: string;
}

/** The answer to `{ op: "ping" }`, for clients that cannot see protocol-level pings. */
export interface FeedPongFrame {
  type: "pong";
}

export type DataSocketFrame = TickersFrame | FeedErrorFrame | FeedPongFrame;
export type DepthSocketFrame = DepthFrame | FeedErrorFrame | FeedPongFrame;
export type KdataSocketFrame = KdataFrame | FeedErrorFrame | FeedPongFrame;

/**
 * What a client may send. `subscribe` switches the socket to a topic (or, on /ws/data, asks
 * for a fresh frame) and is answered with a snapshot; `ping` with a pong.
 *   /ws/data:  { op: "subscribe" }
 *   /ws/depth: { op: "subscribe", symbol: "BTC/USDT" }
 *   /ws/kdata: { op: "subscribe", symbol: "BTC/USDT", interval: "1m", limit?: 1..1000 }
 */
export type FeedClientOp =
  { op: "subscribe"; symbol?: string; interval?: KlineInterval; limit?: number } | { op: "ping" };

/** Snapshot size of /ws/kdata when the client names none, and the largest it may ask for. */
export const KDATA_DEFAULT_LIMIT = 300;
export const KDATA_MAX_LIMIT = 1000;
/** Levels a side in a depth snapshot. */
export const DEPTH_LEVELS = 20;
/** Depth updates per topic per second, at most. */
export const DEPTH_MAX_PER_SECOND = 10;
