// A job's candles through the runner's cache of settled chunks (candle-chunk-cache.ts): what a
// job sees is exactly what the database holds, for any period, while the settled chunks are read
// once; the minutes near a symbol's newest candle, which the feed may still merge into, are read
// again every time.
import { beforeEach, describe, expect, it } from "vitest";
import type { Queryable } from "../../server/db/db";
import {
  insertCandles,
  mergeCandles,
  type CandleRow,
} from "../../server/db/repositories/candle-repository";
import { CandleChunkCache } from "../../server/domain/quant/jobs/candle-chunk-cache";
import { CHUNK_MS, loadCandleChunks } from "../../server/domain/quant/jobs/job-candles";
import { seedCandles } from "./helpers/quant-jobs";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const MINUTE = 60_000;
const SYMBOL = "ETH/USDT";

beforeEach(async () => {
  await resetDb(getDb());
});

/** The database, counting the candle reads (readMinuteCandlesText's statement). */
function countingReads(db: Queryable): { db: Queryable; reads: () => number } {
  let reads = 0;
  return {
    db: {
      query: (sql, params) => {
        if (sql.includes("string_agg")) reads += 1;
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
      notify: (channel, payloads) => db.notify(channel, payloads),
    },
    reads: () => reads,
  };
}

describe("a job's candles with the runner's cache", () => {
  it("equal a fresh read for any period, reading each settled chunk once", async () => {
    const { firstMs, endMs } = await seedCandles(getDb(), SYMBOL, 3 * 1440 + 17, 3_000);
    const cache = new CandleChunkCache();
    const counted = countingReads(getDb());
    // Periods that start and end off the chunks' grid, overlap, and reach the newest candle.
    const periods = [
      { symbol: SYMBOL, fromMs: firstMs + 37 * MINUTE, toMs: endMs - 1441 * MINUTE },
      { symbol: SYMBOL, fromMs: firstMs + 37 * MINUTE, toMs: endMs - 1441 * MINUTE },
      { symbol: SYMBOL, fromMs: firstMs + 700 * MINUTE, toMs: endMs },
      { symbol: SYMBOL, fromMs: firstMs - 90 * MINUTE, toMs: endMs + 5 * MINUTE },
    ];
    const readsPerLoad: number[] = [];
    for (const period of periods) {
      const before = counted.reads();
      const cached = await loadCandleChunks(counted.db, period, { cache });
      readsPerLoad.push(counted.reads() - before);
      const fresh = await loadCandleChunks(getDb(), period);
      expect(cached.join(";")).toBe(fresh.join(";"));
      const times = cached.flatMap((c) => c.split(";")).map((line) => Number(line.split(",")[0]));
      expect(Math.min(...times)).toBe(Math.max(period.fromMs, firstMs));
      expect(Math.max(...times)).toBe(Math.min(period.toMs, endMs) - MINUTE);
      expect(times).toHaveLength(
        (Math.min(period.toMs, endMs) - Math.max(period.fromMs, firstMs)) / MINUTE,
      );
    }
    // The first load read every chunk; the same period again read nothing (all settled); the
    // later ones read only the chunks they had not seen and the unsettled one at the end.
    expect(readsPerLoad[0]).toBeGreaterThanOrEqual(3);
    expect(readsPerLoad[1]).toBe(0);
    expect(readsPerLoad[2]).toBeLessThanOrEqual(2);
    expect(readsPerLoad[3]).toBeLessThanOrEqual(2);
    expect(cache.size).toBeGreaterThan(0);
  });

  it("reads the minutes near the newest candle again, so a late merge is seen", async () => {
    // The newest candle 4 minutes after a chunk boundary: the chunk before it ends within the
    // settling margin, so it must be read again, and a late merge into its last minute seen.
    const boundary = Math.floor(Date.now() / CHUNK_MS) * CHUNK_MS - CHUNK_MS;
    const newest = boundary + 4 * MINUTE;
    const firstMs = boundary - 2 * CHUNK_MS;
    const rows: CandleRow[] = [];
    for (let t = firstMs; t <= newest; t += MINUTE) {
      rows.push({
        symbol: SYMBOL,
        openTime: t,
        o: "3000",
        h: "3010",
        l: "2990",
        c: "3005",
        v: "1",
      });
    }
    for (let i = 0; i < rows.length; i += 1_000)
      await insertCandles(getDb(), rows.slice(i, i + 1_000));
    const cache = new CandleChunkCache();
    const period = { symbol: SYMBOL, fromMs: firstMs, toMs: newest + MINUTE };
    await loadCandleChunks(getDb(), period, { cache });
    expect(cache.size).toBe(1); // only the chunk ending at boundary − CHUNK_MS is settled
    const late = boundary - MINUTE;
    await mergeCandles(getDb(), [
      { symbol: SYMBOL, openTime: late, o: "1", h: "99999.99", l: "1", c: "3001", v: "2" },
    ]);
    const again = (await loadCandleChunks(getDb(), period, { cache })).join(";");
    expect(again).toBe((await loadCandleChunks(getDb(), period)).join(";"));
    expect(again.split(";").find((line) => line.startsWith(`${late},`))).toBe(
      `${late},3000,99999.99,1,3001,3`,
    );
  });

  it("keeps at most its bound, dropping the least recently used chunk", () => {
    const cache = new CandleChunkCache(2);
    cache.set(SYMBOL, 0, "a");
    cache.set(SYMBOL, 1, "b");
    expect(cache.get(SYMBOL, 0)).toBe("a");
    cache.set(SYMBOL, 2, "c");
    expect(cache.size).toBe(2);
    expect(cache.get(SYMBOL, 1)).toBeUndefined();
    expect(cache.get(SYMBOL, 0)).toBe("a");
    expect(cache.get(SYMBOL, 2)).toBe("c");
    expect(cache.get("BTC/USDT", 0)).toBeUndefined();
  });
});
