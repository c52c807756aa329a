// The feed's record keeping on a fake clock: pruning keeps the last 24 h and every kept tick, a
// failed flush loses nothing, and the `live` status probe tells a ticking, recording feed from a
// stalled one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepTicks } from "../../server/db/repositories/tick-repository";
import { liveProbe } from "../../server/market/live-probe";
import { MarketFeed, MAX_TICK_LATENESS_MS } from "../../server/market/market-feed";
import { SYMBOLS } from "../../server/market/symbols";
import { startSimulatedMarket, type RunningMarket } from "../../server/market/start-market";
import { usePglite } from "./helpers/test-db";

const db = usePglite();
const T0 = Date.UTC(2026, 5, 1);
const HOUR = 3_600_000;
let market: RunningMarket;
let clock = T0;

beforeAll(async () => {
  market = await startSimulatedMarket(
    db(),
    { source: "simulated", seed: "feed-test", ticksPerSecond: 1, backfillDays: 0 },
    { now: () => clock, manual: true },
  );
});

afterAll(async () => {
  await market.stop();
});

async function count(symbol = "BTC/USDT"): Promise<number> {
  const [row] = await db().query<{ n: string }>(
    "SELECT count(*)::int8 AS n FROM ticks WHERE symbol = $1",
    [symbol],
  );
  return Number(row?.n);
}

describe("market feed", () => {
  it("prunes ticks older than 24 h unless an order keeps them (and the tick after a kept one)", async () => {
    // Ticks at T0, T0+1h, ..., T0+30h.
    for (let h = 0; h <= 30; h += 1) market.source.emit(T0 + h * HOUR);
    await market.feed.flush();
    await keepTicks(db(), "BTC/USDT", ["2"]);
    clock = T0 + 30 * HOUR;
    await market.feed.prune();
    const [rows] = [
      await db().query<{ seq: string }>(
        "SELECT seq::text AS seq FROM ticks WHERE symbol = 'BTC/USDT' ORDER BY ticks.seq",
      ),
    ];
    // 24 h back from T0+30h is T0+6h: seqs 7..31 stay, the kept seq 2, and seq 3, the tick
    // right after a kept one (it proves where the kept run ends).
    expect(rows.map((r) => r.seq)).toEqual([
      "2",
      "3",
      ...Array.from({ length: 25 }, (_, i) => String(i + 7)),
    ]);
  });

  it("records an exchange tick that arrives late no earlier than the lateness bound", async () => {
    const now = T0 + 100 * HOUR;
    const btc = SYMBOLS.find((s) => s.symbol === "BTC/USDT");
    if (btc === undefined) throw new Error("BTC/USDT is not listed");
    const feed = await MarketFeed.open({
      db: db(),
      // A symbol of its own: the running simulated market keeps the others' chains in memory.
      specs: [{ ...btc, symbol: "LATE/USDT", base: "LATE" }],
      source: { start: () => undefined, stop: async () => undefined },
      maxTickLatenessMs: MAX_TICK_LATENESS_MS,
      now: () => now,
    });
    const at = (ts: number) => ({ symbol: "LATE/USDT", price: "3000.00", qty: "1", ts });
    // 10 s late: recorded at arrival minus the bound, so no settled window can gain it.
    feed.accept([at(now - 10_000)]);
    expect(feed.lastTickTime("LATE/USDT")).toBe(now - MAX_TICK_LATENESS_MS);
    // Within the bound (and after the newest): recorded at its own time.
    feed.accept([at(now - 1_000)]);
    expect(feed.lastTickTime("LATE/USDT")).toBe(now - 1_000);
    await feed.stop();
  });

  it("keeps ticks pending when a flush fails and records them at the next", async () => {
    const before = await count();
    await db().exec("ALTER TABLE ticks ADD CONSTRAINT no_inserts_now CHECK (seq < 0) NOT VALID");
    market.source.emit(T0 + 31 * HOUR);
    await expect(market.feed.flush()).rejects.toThrow();
    expect(await count()).toBe(before);
    await db().exec("ALTER TABLE ticks DROP CONSTRAINT no_inserts_now");
    await market.feed.flush();
    expect(await count()).toBe(before + 1);
  });

  it("reports live only while the feed ticks and the chain advances", async () => {
    const probe = liveProbe(db(), market.feed, () => clock);
    clock = T0 + 40 * HOUR;
    market.source.emit(clock);
    await market.feed.flush();
    expect(await probe()).toEqual({ state: "up", detail: null });
    // Still ticking in memory, but nothing new recorded since the last probe.
    expect((await probe()).state).toBe("down");
    market.source.emit(clock + 1000);
    await market.feed.flush();
    expect((await probe()).state).toBe("up");
    // Silence: no tick for longer than 5 s.
    clock += 10_000;
    expect(await probe()).toEqual({
      state: "down",
      detail: "the market feed has not ticked in the last 5 s",
    });
  });
});
