// This tab's market feeds: one batched writer (the leader's tickers and this tab's depth and
// candles share its flushes) and one socket per path for depth and candles, created on first
// use. The environment is the browser's unless a test configured another before first use.
import type { DepthFrame, KdataFrame } from "../../../protocol";
import { browserEnvironment, type SyncEnvironment } from "../environment";
import { parseDepthFrame, parseKdataFrame } from "./feed-frames";
import { consoleLog, type FeedLog } from "./feed-socket";
import { depthKey, kdataKey, type DepthTopic, type KdataTopic } from "./market-topic";
import { MarketWriter } from "./market-writer";
import { TopicFeed } from "./topic-feed";
import { WatchList } from "./watch-list";

export interface TopicFeeds {
  depth: TopicFeed<DepthTopic, DepthFrame>;
  kdata: TopicFeed<KdataTopic, KdataFrame>;
  depthWatchers: WatchList<DepthTopic>;
  kdataWatchers: WatchList<KdataTopic>;
}

let environment: SyncEnvironment | null = null;
let log: FeedLog = consoleLog;
let writer: MarketWriter | null = null;
let feeds: TopicFeeds | null = null;

/** The environment (and log) of feeds created from now on; tests call it after resetTabFeeds. */
export function configureFeeds(env: SyncEnvironment, logger: FeedLog = consoleLog): void {
  environment = env;
  log = logger;
}

function feedEnvironment(): SyncEnvironment {
  environment ??= browserEnvironment();
  return environment;
}

/** The tab's one market writer. */
export function tabMarketWriter(): MarketWriter {
  writer ??= new MarketWriter({ env: feedEnvironment(), log });
  return writer;
}

/** The tab's depth and kdata sockets with their watchers. */
export function tabTopicFeeds(): TopicFeeds {
  if (feeds !== null) return feeds;
  const env = feedEnvironment();
  const out = tabMarketWriter();
  feeds = {
    depth: new TopicFeed<DepthTopic, DepthFrame>(
      {
        path: "depth",
        keyOf: depthKey,
        frameKey: depthKey,
        query: (topic) => ({ symbol: topic.symbol }),
        subscribeOp: (topic) => ({ op: "subscribe", symbol: topic.symbol }),
        parse: parseDepthFrame,
        apply: (frame) =>
          frame.type === "snapshot" ? out.depthSnapshot(frame) : out.depthUpdate(frame),
      },
      { env, log },
    ),
    kdata: new TopicFeed<KdataTopic, KdataFrame>(
      {
        path: "kdata",
        keyOf: kdataKey,
        frameKey: kdataKey,
        query: (topic) => ({ symbol: topic.symbol, interval: topic.interval }),
        subscribeOp: (topic) => ({
          op: "subscribe",
          symbol: topic.symbol,
          interval: topic.interval,
        }),
        parse: parseKdataFrame,
        apply: (frame) => out.putCandles(frame),
      },
      { env, log },
    ),
    depthWatchers: new WatchList(),
    kdataWatchers: new WatchList(),
  };
  return feeds;
}

/** Closes the tab's sockets, writes what is pending and forgets everything (tests). */
export async function resetTabFeeds(): Promise<void> {
  feeds?.depth.close();
  feeds?.kdata.close();
  feeds = null;
  const pending = writer;
  writer = null;
  environment = null;
  log = consoleLog;
  await pending?.flush();
}
