// watchMarket: what a screen calls (in a useEffect) to keep a topic's data flowing into
// IndexedDB while it is shown. Ref-counted per topic in this tab; one socket per path, switched
// with the subscribe op (see watch-list.ts for "last watcher wins"). Offline nothing connects,
// and the screen shows what IndexedDB has; back online the socket connects by itself.
import { checkedTopic, depthKey, kdataKey, type MarketTopic } from "./market-topic";
import { tabMarketWriter, tabTopicFeeds } from "./tab-feeds";
import type { WatchList } from "./watch-list";

export type { MarketTopic };

interface ShowsTopics<Topic> {
  show(topic: Topic): void;
  idle(): void;
}

function watchOn<Topic>(
  list: WatchList<Topic>,
  feed: ShowsTopics<Topic>,
  key: string,
  topic: Topic,
  onLastLeft: () => void,
): () => void {
  list.add(key, topic);
  feed.show(topic);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (list.remove(key)) onLastLeft();
    const next = list.current();
    if (next === null) feed.idle();
    else feed.show(next);
  };
}

/**
 * Keeps `topic` (a symbol's order book, or its candles at an interval) updated in IndexedDB
 * while watched; answers the function that stops watching (calling it twice is harmless).
 * Throws a RangeError for an unknown symbol shape or interval.
 */
export function watchMarket(topic: MarketTopic): () => void {
  const checked = checkedTopic(topic);
  const feeds = tabTopicFeeds();
  if (checked.kind === "depth") {
    return watchOn(feeds.depthWatchers, feeds.depth, depthKey(checked), checked, () => undefined);
  }
  return watchOn(feeds.kdataWatchers, feeds.kdata, kdataKey(checked), checked, () =>
    // The chart that loaded older history closed: the series may be cut back to the cap.
    tabMarketWriter().unpin({ symbol: checked.symbol, interval: checked.interval }),
  );
}
