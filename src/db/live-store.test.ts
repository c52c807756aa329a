// A live store with `equal` stays quiet when a re-run finds what it had: a burst of market
// flushes re-runs the symbols query each time, and the screen reading it must not render again.
import { beforeEach, describe, expect, it } from "vitest";
import { database, type TickerRow } from "./database";
import { liveStore } from "./live-store";
import { freshDevice } from "./sync-test-fixtures";

function tickerRow(symbol: string, last: string): TickerRow {
  return {
    symbol,
    last,
    open24h: "1.00",
    high24h: "1.00",
    low24h: "1.00",
    change24h: "0.00",
    volume24h: "0",
    ts: "2026-11-26T10:00:00.000Z",
    seq: "1",
    receivedAt: "2026-11-26T10:00:00.000Z",
  };
}

/** Subscribes and counts notifications; `until(n)` waits for the n-th. */
function counted<T>(store: ReturnType<typeof liveStore<T>>) {
  let calls = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const stop = store.subscribe(() => {
    calls += 1;
    for (const w of waiters.filter((w) => w.n <= calls)) w.resolve();
  });
  return {
    calls: () => calls,
    until: (n: number) =>
      new Promise<void>((resolve) => {
        if (calls >= n) resolve();
        else waiters.push({ n, resolve });
      }),
    stop,
  };
}

describe("liveStore", () => {
  beforeEach(() => freshDevice());

  it("with `equal`, a re-run with an equal value keeps the snapshot and notifies no one", async () => {
    await database().tickers.put(tickerRow("BTC/USDT", "1.00"));
    const symbols = async () => (await database().tickers.toArray()).map((row) => row.symbol);
    const sameList = (a: string[], b: string[]) => a.join() === b.join();
    const plain = counted(liveStore(symbols));
    const quiet = counted(liveStore(symbols, { equal: sameList }));
    await Promise.all([plain.until(1), quiet.until(1)]);

    // Five flushes that change prices only, then one that adds a symbol.
    for (let i = 2; i <= 6; i++) {
      await database().tickers.put(tickerRow("BTC/USDT", `${i}.00`));
      await plain.until(i);
    }
    await database().tickers.put(tickerRow("ETH/USDT", "1.00"));
    await Promise.all([plain.until(7), quiet.until(2)]);
    expect(plain.calls()).toBe(7);
    expect(quiet.calls()).toBe(2);
    plain.stop();
    quiet.stop();
  });
});
