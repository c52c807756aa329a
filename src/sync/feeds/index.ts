// The market feeds: websocket frames and market REST answers into IndexedDB, batched.
// Screens call watchMarket / loadOlderCandles (re-exported by ../commands.ts); the sync engine
// runs the TickerFeed in the leading tab. See ../README.md "Feeds".
export { watchMarket, type MarketTopic } from "./market-watch";
export { loadOlderCandles, OLDER_CANDLES_LIMIT } from "./older-candles";
export { TickerFeed } from "./ticker-feed";
export { configureFeeds, resetTabFeeds, tabMarketWriter } from "./tab-feeds";
export { FLUSH_INTERVAL_MS } from "./market-writer";
