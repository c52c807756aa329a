// The spot trading terms are fetched when missing or older than 10 minutes, never on every pull,
// and a failed read keeps the stored answer without failing the account pull.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SpotConfig } from "../../protocol/spot";
import { configureApi } from "../api/client";
import { readSpotConfig } from "../db/spot-data";
import { pullSpotConfig, SPOT_CONFIG_MAX_AGE_MS } from "./pull-spot";
import { freshDevice } from "../db/sync-test-fixtures";

const config = (takerFeeRate: string): SpotConfig => ({
  takerFeeRate,
  makerFeeRate: "0.0008",
  maxSlippage: "0.05",
  maxPriceAgeSeconds: 10,
  symbols: [
    {
      symbol: "BTC/USDT",
      base: "BTC",
      quote: "USDT",
      priceStep: "0.01",
      qtyStep: "0.0001",
      minQty: "0.0001",
      minNotional: "5",
    },
  ],
});

let calls: string[] = [];
function serve(status: number, body: unknown): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      calls.push(input.url);
      return new Response(JSON.stringify(body), { status });
    }),
  );
}
const ok = (data: unknown) => ({ HttpStatusCode: 200, Message: "OK", Data: data });

describe("pullSpotConfig", () => {
  beforeEach(async () => {
    await freshDevice("u1");
    calls = [];
    configureApi({ origin: "http://quanta.test", getToken: () => "t" });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fetches when missing, then not again until the stored answer is 10 minutes old", async () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    serve(200, ok(config("0.001")));
    await pullSpotConfig("u1", start);
    expect(calls).toEqual(["http://quanta.test/api/v1/spot/config"]);
    expect(await readSpotConfig("u1")).toEqual({
      userId: "u1",
      config: config("0.001"),
      readAt: "2026-01-01T00:00:00.000Z",
    });

    serve(200, ok(config("0.002")));
    await pullSpotConfig("u1", start + SPOT_CONFIG_MAX_AGE_MS - 1);
    expect(calls).toHaveLength(1);
    await pullSpotConfig("u1", start + SPOT_CONFIG_MAX_AGE_MS);
    expect(calls).toHaveLength(2);
    expect((await readSpotConfig("u1"))?.config.takerFeeRate).toBe("0.002");
  });

  it("keeps the stored terms when the server fails, without throwing", async () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    serve(200, ok(config("0.001")));
    await pullSpotConfig("u1", start);
    serve(503, { HttpStatusCode: 503, Message: "Down", Code: "UNAVAILABLE", Data: null });
    await expect(pullSpotConfig("u1", start + SPOT_CONFIG_MAX_AGE_MS)).resolves.toBeUndefined();
    expect((await readSpotConfig("u1"))?.config.takerFeeRate).toBe("0.001");
  });
});
