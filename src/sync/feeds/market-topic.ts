// What a screen can watch: a symbol's order book, or a symbol's candles at one interval.
import { isKlineInterval, type KlineInterval } from "../../../protocol";
import { isMarketSymbol } from "./feed-frames";

export type DepthTopic = { kind: "depth"; symbol: string };
export type KdataTopic = { kind: "kdata"; symbol: string; interval: KlineInterval };
export type MarketTopic = DepthTopic | KdataTopic;

export const depthKey = (topic: { symbol: string }): string => topic.symbol;
export const kdataKey = (topic: { symbol: string; interval: KlineInterval }): string =>
  `${topic.symbol}|${topic.interval}`;

/** A copy of `topic` when it names a valid symbol (and interval); a RangeError otherwise. */
export function checkedTopic(topic: MarketTopic): MarketTopic {
  if (!isMarketSymbol(topic.symbol)) {
    throw new RangeError(`Not a market symbol: ${JSON.stringify(topic.symbol)}`);
  }
  if (topic.kind === "depth") return { kind: "depth", symbol: topic.symbol };
  if (topic.kind === "kdata" && isKlineInterval(topic.interval)) {
    return { kind: "kdata", symbol: topic.symbol, interval: topic.interval };
  }
  throw new RangeError(`Not a market topic: ${JSON.stringify(topic)}`);
}
