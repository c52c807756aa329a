// Which feed serves a database. Routes are registered before main.ts starts the feed (and tests
// run several apps, each on its own database), so the routes find the running feed by their Db
// instead of through an app decoration.
import type { Db } from "../db/db";
import type { MarketFeed } from "./market-feed";

const feeds = new WeakMap<Db, MarketFeed>();

export function attachFeed(db: Db, feed: MarketFeed): void {
  feeds.set(db, feed);
}

export function detachFeed(db: Db, feed: MarketFeed): void {
  if (feeds.get(db) === feed) feeds.delete(db);
}

export function feedFor(db: Db): MarketFeed | undefined {
  return feeds.get(db);
}
