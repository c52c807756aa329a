import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DepthFrame, KdataFrame } from "../../../protocol";
import { closeDatabase, database, DB_NAME } from "../../db/database";
import {
  addOlderCandles,
  CANDLE_CAP,
  writeMarketBatch,
  type MarketBatch,
} from "../../db/market-data";
import { SYNC_KEYS } from "../../db/sync-state";
import { ManualClock } from "../testing/manual-clock";
import { depthFrame, kdataFrame, klines, ticker } from "../testing/market-fixtures";
import { FLUSH_INTERVAL_MS, MarketWriter } from "./market-writer";

let clock: ManualClock;
let writes: Promise<void>[];
let batches: MarketBatch[];
let failNext: boolean;

function writer() {
  return new MarketWriter({
    env: clock,
    write: (batch) => {
      batches.push(batch);
      const write = failNext
        ? Promise.reject(new Error("QuotaExceededError"))
        : writeMarketBatch(batch);
      failNext = false;
      writes.push(write.catch(() => undefined));
      return write;
    },
  });
}

/** Lets the writes started so far finish. */
async function settle(): Promise<void> {
  while (writes.length > 0) await Promise.all(writes.splice(0));
}

const series = (symbol = "BTC/USDT") =>
  database()
    .candles.where("[symbol+interval+openTime]")
    .between([symbol, "1m", ""], [symbol, "1m", "\uffff"])
    .toArray();

describe("market writer", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
    clock = new ManualClock();
    writes = [];
    batches = [];
    failNext = false;
  });
  afterEach(() => vi.restoreAllMocks());

  it("writes a burst of frames within 250 ms in one transaction", async () => {
    const transactions = vi.spyOn(database(), "transaction");
    const out = writer();
    out.putTickers([ticker("BTC/USDT", { last: "1.00" })], "feed");
    // The first change after a quiet spell is written at once.
    clock.advance(0);
    await settle();
    expect(transactions).toHaveBeenCalledTimes(1);

    out.depthSnapshot(depthFrame("snapshot", 1, [["100", "1"]], [["101", "1"]]) as DepthFrame);
    out.putCandles(kdataFrame("snapshot", 1, klines(3, Date.UTC(2026, 3, 1))) as KdataFrame);
    for (let i = 1; i <= 100; i++) {
      clock.advance(2);
      out.putTickers(
        [ticker("BTC/USDT", { last: `${i}.00` }), ticker("ETH/USDT", { last: `${i}.50` })],
        "feed",
      );
      out.depthUpdate(
        depthFrame("update", 1 + i, [[`99.${String(i).padStart(3, "0")}`, `${i}`]]) as DepthFrame,
      );
    }
    await settle();
    // 200 ms of frames: nothing written yet, one flush waiting for its slot.
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(clock.pending()).toEqual([FLUSH_INTERVAL_MS - 200]);

    clock.advance(50);
    await settle();
    expect(transactions).toHaveBeenCalledTimes(2);
    // Coalesced: one row per symbol, the newest.
    expect(batches[1]?.tickers.map((row) => row.last)).toEqual(["100.00", "100.50"]);
    expect((await database().tickers.get("BTC/USDT"))?.last).toBe("100.00");
    const book = await database().depth.get("BTC/USDT");
    expect(book?.bids).toHaveLength(101);
    expect(book?.bids[0]).toEqual(["100", "1"]);
    expect(book?.asks).toEqual([["101", "1"]]);
    expect(await series()).toHaveLength(3);
  });

  it("writes the book as it was when the flush began, though updates change it in place", async () => {
    const out = writer();
    out.depthSnapshot(depthFrame("snapshot", 1, [["100", "1"]], [["101", "1"]]) as DepthFrame);
    clock.advance(0); // the flush starts: its batch is taken now
    out.depthUpdate(
      depthFrame("update", 2, [
        ["100", "0"],
        ["99", "5"],
      ]) as DepthFrame,
    );
    await settle();
    expect(batches[0]?.depth[0]?.bids).toEqual([["100", "1"]]);
    expect((await database().depth.get("BTC/USDT"))?.bids).toEqual([["100", "1"]]);
    await out.flush();
    expect((await database().depth.get("BTC/USDT"))?.bids).toEqual([["99", "5"]]);
  });

  it("records when tickers arrived, as the freshness of 'tickers'", async () => {
    const out = writer();
    out.putTickers([ticker("BTC/USDT")], "feed");
    await out.flush();
    const row = await database().syncState.get(SYNC_KEYS.marketFreshness("tickers"));
    expect(row?.value).toBe(new Date(clock.now()).toISOString());
    expect((await database().tickers.get("BTC/USDT"))?.receivedAt).toBe(row?.value);
  });

  it("never lets an older REST answer replace a newer feed ticker", async () => {
    const out = writer();
    out.putTickers([ticker("BTC/USDT", { last: "2.00", ts: "2026-04-01T10:00:05.000Z" })], "feed");
    out.putTickers(
      [
        ticker("BTC/USDT", { last: "1.00", ts: "2026-04-01T10:00:01.000Z" }),
        ticker("ETH/USDT", { last: "3.00", ts: "2026-04-01T10:00:01.000Z" }),
      ],
      "rest",
    );
    await out.flush();
    expect((await database().tickers.get("BTC/USDT"))?.last).toBe("2.00");
    expect((await database().tickers.get("ETH/USDT"))?.last).toBe("3.00");
  });

  it("keeps a failed flush's data for the next one, without retrying in a loop", async () => {
    const out = writer();
    failNext = true;
    out.putTickers([ticker("BTC/USDT", { last: "1.00" })], "feed");
    clock.advance(0);
    await settle();
    expect(await database().tickers.count()).toBe(0);
    // No timer: a broken database is not hammered.
    expect(clock.pending()).toEqual([]);

    out.putTickers([ticker("ETH/USDT", { last: "2.00" })], "feed");
    clock.advance(FLUSH_INTERVAL_MS);
    await settle();
    expect((await database().tickers.toArray()).map((row) => row.symbol)).toEqual([
      "BTC/USDT",
      "ETH/USDT",
    ]);
  });

  it("keeps the newest 1000 candles per series, pruning from the oldest side", async () => {
    const out = writer();
    const start = Date.UTC(2026, 2, 1);
    const rows = klines(CANDLE_CAP + 100, start);
    out.putCandles(kdataFrame("snapshot", 1, rows) as KdataFrame);
    out.putCandles(kdataFrame("snapshot", 1, klines(5, start), "ETH/USDT") as KdataFrame);
    await out.flush();
    const kept = await series();
    expect(kept).toHaveLength(CANDLE_CAP);
    expect(kept[0]?.openTime).toBe(rows[100]?.[0]);
    expect(kept.at(-1)?.openTime).toBe(rows.at(-1)?.[0]);
    expect(await series("ETH/USDT")).toHaveLength(5);
  });

  it("leaves a pinned series (older history on a chart) alone until it is unpinned", async () => {
    const out = writer();
    const start = Date.UTC(2026, 2, 1, 0, 0);
    out.putCandles(kdataFrame("snapshot", 1, klines(CANDLE_CAP, start)) as KdataFrame);
    await out.flush();
    out.pin({ symbol: "BTC/USDT", interval: "1m" });
    const older = klines(50, start - 50 * 60_000).map(([openTime, o, h, l, c, v]) => ({
      symbol: "BTC/USDT",
      interval: "1m" as const,
      openTime,
      o,
      h,
      l,
      c,
      v,
    }));
    expect(await addOlderCandles(older)).toBe(50);
    // A new candle arrives: without the pin this would cut the history just loaded.
    out.putCandles(kdataFrame("update", 2, klines(1, start + CANDLE_CAP * 60_000)) as KdataFrame);
    await out.flush();
    expect(await series()).toHaveLength(CANDLE_CAP + 51);

    out.unpin({ symbol: "BTC/USDT", interval: "1m" });
    await out.flush();
    const kept = await series();
    expect(kept).toHaveLength(CANDLE_CAP);
    expect(kept.at(-1)?.openTime).toBe(new Date(start + CANDLE_CAP * 60_000).toISOString());
  });
});
