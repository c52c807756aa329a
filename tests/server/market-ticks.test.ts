// The tick record end to end: the feed numbers and chains ticks, the routes serve them, and an
// outsider recomputes the chain from GET /market/ticks up to GET /market/ticks/head.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MarketTick, TicksHead } from "../../protocol/market";
import { API_BASE } from "../../protocol/paths";
import { startSimulatedMarket, type RunningMarket } from "../../server/market/start-market";
import { firstBrokenLink } from "../../server/market/tick-chain";
import { buildTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const db = usePglite();
const T0 = Date.UTC(2026, 3, 1, 12, 0, 0);
const BTC = encodeURIComponent("BTC/USDT");
let app: FastifyInstance;
let market: RunningMarket;
let clock = T0;

beforeAll(async () => {
  app = await buildTestApp({ db: db() });
  market = await startSimulatedMarket(
    db(),
    { source: "simulated", seed: "ticks-test", ticksPerSecond: 1, backfillDays: 0 },
    { now: () => clock, manual: true },
  );
  // 120 steps, one second apart, on a fake clock.
  for (let i = 0; i < 120; i += 1) {
    clock = T0 + i * 1000;
    market.source.emit(clock);
  }
  await market.feed.flush();
});

afterAll(async () => {
  await market.stop();
  await app.close();
});

async function get<T>(
  url: string,
): Promise<{ status: number; data: T; body: Record<string, unknown> }> {
  const res = await app.inject({ method: "GET", url: `${API_BASE}/market${url}` });
  const body = res.json<Record<string, unknown>>();
  return { status: res.statusCode, data: body.Data as T, body };
}

describe("GET /market/ticks and /market/ticks/head", () => {
  it("serve a chain anyone can recompute from seq 1 to the head", async () => {
    const ticks = (await get<MarketTick[]>(`/ticks?symbol=${BTC}&from=0&limit=1000`)).data;
    const head = (await get<TicksHead>(`/ticks/head?symbol=${BTC}`)).data;
    expect(ticks).toHaveLength(120);
    expect(ticks.map((t) => t.seq)).toEqual(Array.from({ length: 120 }, (_, i) => String(i + 1)));
    expect(ticks[0]?.ts).toBe("2026-04-01T12:00:00.000Z");
    expect(ticks[0]?.price).toMatch(/^\d+\.\d{2}$/);
    expect(firstBrokenLink(ticks)).toBe(-1);
    expect(head).toEqual({
      symbol: "BTC/USDT",
      seq: "120",
      hash: ticks[119]?.hash,
      ts: ticks[119]?.ts,
    });
  });

  it("serve the newest ticks by default, and a time window with from/to", async () => {
    const newest = (await get<MarketTick[]>(`/ticks?symbol=${BTC}&limit=5`)).data;
    expect(newest.map((t) => t.seq)).toEqual(["116", "117", "118", "119", "120"]);
    const from = encodeURIComponent("2026-04-01T12:00:10.000Z");
    const to = encodeURIComponent("2026-04-01T12:00:12+00:00");
    const window = (await get<MarketTick[]>(`/ticks?symbol=${BTC}&from=${from}&to=${to}`)).data;
    expect(window.map((t) => t.seq)).toEqual(["11", "12", "13"]);
    // A run from the middle verifies from the hash just before it.
    const before = (await get<MarketTick[]>(`/ticks?symbol=${BTC}&from=0&limit=10`)).data;
    expect(firstBrokenLink(window, before[9]?.hash)).toBe(-1);
  });

  it("a rewritten tick breaks the recomputation", async () => {
    const [row] = await db().query<{ price: string }>(
      "SELECT price::text AS price FROM ticks WHERE symbol = 'BTC/USDT' AND seq = 60",
    );
    await db().query("UPDATE ticks SET price = price + 1 WHERE symbol = 'BTC/USDT' AND seq = 60");
    try {
      const ticks = (await get<MarketTick[]>(`/ticks?symbol=${BTC}&from=0&limit=1000`)).data;
      expect(firstBrokenLink(ticks)).toBe(59);
    } finally {
      await db().query("UPDATE ticks SET price = $1 WHERE symbol = 'BTC/USDT' AND seq = 60", [
        row?.price ?? null,
      ]);
    }
  });

  it("continue the chain across a restart of the feed", async () => {
    await market.stop();
    market = await startSimulatedMarket(
      db(),
      { source: "simulated", seed: "ticks-test", ticksPerSecond: 1, backfillDays: 0 },
      { now: () => clock, manual: true },
    );
    clock += 1000;
    market.source.emit(clock);
    await market.feed.flush();
    const ticks = (await get<MarketTick[]>(`/ticks?symbol=${BTC}&from=0&limit=1000`)).data;
    expect(ticks).toHaveLength(121);
    expect(firstBrokenLink(ticks)).toBe(-1);
  });

  it.each([
    ["/ticks?symbol=BTCUSDT", "symbol"],
    ["/ticks", "symbol"],
    [`/ticks?symbol=${BTC}&limit=0`, "limit"],
    [`/ticks?symbol=${BTC}&limit=1001`, "limit"],
    [`/ticks?symbol=${BTC}&from=yesterday`, "from"],
    [`/ticks/head?symbol=DOGE`, "symbol"],
  ])("answers 400 VALIDATION naming the field for %s", async (url, field) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body.Code).toBe("VALIDATION");
    expect(String(body.Message)).toContain(field);
  });
});
