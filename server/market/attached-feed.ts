// Which feed the app serves from (`app.market`). The routes are registered before main.ts starts
// the market (it backfills after listening), so the feed is attached later, and may be replaced
// (tests restart it). GET /market/depth and the websocket hub read it from here.
import type { MarketFeed } from "./market-feed";

export type FeedChangeListener = (feed: MarketFeed | undefined) => void;

export class AttachedFeed {
  private current: MarketFeed | undefined;
  private readonly listeners = new Set<FeedChangeListener>();

  /** The running feed, or undefined before one is attached (or with no market at all). */
  get feed(): MarketFeed | undefined {
    return this.current;
  }

  attach(feed: MarketFeed): void {
    this.current = feed;
    for (const listener of this.listeners) listener(feed);
  }

  detach(): void {
    if (this.current === undefined) return;
    this.current = undefined;
    for (const listener of this.listeners) listener(undefined);
  }

  /** Hears every attach and detach; returns the unsubscribe. */
  onChange(listener: FeedChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
