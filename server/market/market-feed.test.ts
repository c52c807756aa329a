// The feed's contract with its listeners, on a database double whose transactions the test
// holds open: a flush waits for a consistent read in progress, a read waits for a flush in
// progress and starts only after that flush's listeners heard it, and a listener that throws
// does not fail (and so does not repeat) a committed flush. The record itself is tested on
// PGlite in tests/server/market-*.test.ts.
import { describe, expect, it } from "vitest";
import type { Db, Queryable } from "../db/db";
import { MarketFeed } from "./market-feed";
import type { MarketSourceHandlers } from "./sources/market-source";
import { SYMBOLS } from "./symbols";

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function openFeed(log: string[], onError?: (err: unknown) => void) {
  let hold = deferred();
  hold.resolve();
  const tx: Queryable = {
    query: async () => [],
    exec: async () => undefined,
    notify: async () => undefined,
  };
  // Only what the feed touches: queries answer nothing, transactions wait while held.
  const db = {
    kind: "pglite",
    query: async () => [],
    exec: async () => undefined,
    transaction: async <T>(fn: (t: Queryable) => Promise<T>) => {
      log.push("tx+");
      await hold.promise;
      const result = await fn(tx);
      log.push("tx-");
      return result;
    },
  } as unknown as Db;
  let handlers: MarketSourceHandlers | undefined;
  const feed = await MarketFeed.open({
    db,
    specs: SYMBOLS,
    source: { start: (h) => (handlers = h), stop: async () => undefined },
    flushMs: 3_600_000,
    ...(onError ? { onError } : {}),
  });
  feed.start();
  const tick = (price: string) =>
    handlers?.onTicks([{ symbol: "BTC/USDT", price, qty: "0.10000", ts: Date.UTC(2026, 0, 1) }]);
  return {
    feed,
    tick,
    holdTransactions: () => (hold = deferred()),
    releaseTransactions: () => hold.resolve(),
  };
}

describe("MarketFeed listeners and readConsistent", () => {
  it("holds a flush until a consistent read in progress is done", async () => {
    const log: string[] = [];
    const { feed, tick } = await openFeed(log);
    feed.onFlushed(() => log.push("flushed"));
    const reading = deferred();
    const read = feed.readConsistent(async () => {
      log.push("read+");
      await reading.promise;
      log.push("read-");
    });
    tick("100.00");
    const flushed = feed.flush();
    await settle();
    expect(log).toEqual(["read+"]);
    reading.resolve();
    await Promise.all([read, flushed]);
    expect(log).toEqual(["read+", "read-", "tx+", "tx-", "flushed"]);
  });

  it("starts a read only after the flush in progress committed and was heard", async () => {
    const log: string[] = [];
    const { feed, tick, holdTransactions, releaseTransactions } = await openFeed(log);
    feed.onFlushed((batch) => log.push(`flushed ${batch.ticks.length} ${batch.candles.length}`));
    holdTransactions();
    tick("100.00");
    tick("101.00");
    const flushed = feed.flush();
    const read = feed.readConsistent(async () => {
      log.push("read");
    });
    await settle();
    expect(log).toEqual(["tx+"]);
    releaseTransactions();
    await Promise.all([flushed, read]);
    // Two ticks of one minute: one 1m partial.
    expect(log).toEqual(["tx+", "tx-", "flushed 2 1", "read"]);
  });

  it("joins a waiting flush, and a failing listener fails neither the flush nor the others", async () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const { feed, tick, holdTransactions, releaseTransactions } = await openFeed(log, (err) =>
      errors.push(err),
    );
    feed.onFlushed(() => {
      throw new Error("listener bug");
    });
    const stop = feed.onFlushed((batch) => log.push(`heard ${batch.ticks.length}`));
    holdTransactions();
    tick("100.00");
    const first = feed.flush(); // running, held
    tick("101.00");
    const second = feed.flush(); // waits for the gate
    tick("102.00");
    expect(feed.flush()).toBe(second); // joins the waiting one: it takes every pending tick
    releaseTransactions();
    await Promise.all([first, second]);
    expect(log).toEqual(["tx+", "tx-", "heard 1", "tx+", "tx-", "heard 2"]);
    expect(errors).toHaveLength(2);
    stop();
    tick("103.00");
    await feed.flush();
    expect(log.at(-1)).toBe("tx-");
  });
});
