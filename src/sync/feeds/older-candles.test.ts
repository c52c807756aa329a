import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KlineRow } from "../../../protocol";
import type * as MarketApi from "../../api/market";
import { getKlines, type KlinesQuery } from "../../api/market";
import { closeDatabase, database, DB_NAME } from "../../db/database";
import { ManualClock } from "../testing/manual-clock";
import { klines } from "../testing/market-fixtures";
import { loadOlderCandles } from "./older-candles";
import { configureFeeds, resetTabFeeds } from "./tab-feeds";

vi.mock("../../api/market", async (importOriginal) => ({
  ...(await importOriginal<typeof MarketApi>()),
  getKlines: vi.fn(),
}));

const START = Date.UTC(2026, 3, 1, 10, 0);
const MINUTE = 60_000;
const served = vi.mocked(getKlines);

describe("loadOlderCandles", () => {
  beforeEach(async () => {
    await resetTabFeeds();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    configureFeeds(new ManualClock().environment(), () => undefined);
    served.mockReset();
  });
  afterEach(() => resetTabFeeds());

  it("asks for the candles before the given one and stores the new ones", async () => {
    await database().candles.bulkPut(
      klines(2, START - 2 * MINUTE).map(([openTime, o, h, l, c]) => ({
        symbol: "BTC/USDT",
        interval: "1m" as const,
        openTime,
        o,
        h,
        l,
        c,
        v: "stored",
      })),
    );
    // The server answers 5 candles up to the one before START, overlapping 2 stored ones, and
    // (wrongly) one at START itself, which is not older and must not be taken.
    served.mockResolvedValue([...klines(5, START - 5 * MINUTE), ...klines(1, START)]);
    const added = await loadOlderCandles("BTC/USDT", "1m", new Date(START).toISOString(), 5);
    expect(added).toBe(3);
    const query = served.mock.calls[0]?.[0] as KlinesQuery;
    expect(query).toEqual({
      symbol: "BTC/USDT",
      interval: "1m",
      limit: 5,
      end: new Date(START - 1).toISOString(),
    });
    const rows = await database().candles.toArray();
    expect(rows.map((row) => row.openTime)).toEqual(
      klines(5, START - 5 * MINUTE).map(([openTime]) => openTime),
    );
    // The stored candles stay as they were.
    expect(rows.filter((row) => row.v === "stored")).toHaveLength(2);
  });

  it("drops malformed rows of the answer", async () => {
    const good = klines(1, START - MINUTE);
    served.mockResolvedValue([
      ...good,
      ["not a time", "1", "1", "1", "1", "1"],
      [new Date(START - 2 * MINUTE).toISOString(), 1, 1, 1, 1, 1] as unknown as KlineRow,
    ]);
    expect(await loadOlderCandles("BTC/USDT", "1m", new Date(START).toISOString())).toBe(1);
  });

  it("refuses bad arguments before any request", async () => {
    const at = new Date(START).toISOString();
    await expect(loadOlderCandles("BTCUSDT", "1m", at)).rejects.toThrow(RangeError);
    // @ts-expect-error: not an interval
    await expect(loadOlderCandles("BTC/USDT", "2m", at)).rejects.toThrow(RangeError);
    await expect(loadOlderCandles("BTC/USDT", "1m", "yesterday")).rejects.toThrow(RangeError);
    await expect(loadOlderCandles("BTC/USDT", "1m", at, 0)).rejects.toThrow(RangeError);
    await expect(loadOlderCandles("BTC/USDT", "1m", at, 1001)).rejects.toThrow(RangeError);
    expect(served).not.toHaveBeenCalled();
  });

  it("passes a failed request on (the chart keeps what it has)", async () => {
    served.mockRejectedValue(new Error("Network Error"));
    await expect(loadOlderCandles("BTC/USDT", "1m", new Date(START).toISOString())).rejects.toThrow(
      "Network Error",
    );
    expect(await database().candles.count()).toBe(0);
  });
});
