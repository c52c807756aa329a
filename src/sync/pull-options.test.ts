// The options products are fetched when missing or older than 10 minutes (or when a refusal
// says they may have changed), a failed read keeps the stored row, and sign-out forgets the
// user's options but not the public products.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OptionsProduct } from "../../protocol/options";
import { configureApi } from "../api/client";
import { clearUserData } from "../db/account-data";
import { database } from "../db/database";
import { readOptionsProducts } from "../db/options-data";
import { freshDevice } from "../db/sync-test-fixtures";
import { OPTIONS_PRODUCTS_MAX_AGE_MS, pullOptionsProducts } from "./pull-options";

const products = (payoutRate: string): OptionsProduct[] => [
  { seconds: 30, payoutRate, minAmount: "1", maxAmount: "1000", feeRate: "0" },
];

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

describe("pullOptionsProducts", () => {
  beforeEach(async () => {
    await freshDevice("u1");
    calls = [];
    configureApi({ origin: "http://quanta.test", getToken: () => null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fetches when missing, then not again until 10 minutes old or forced", async () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    serve(200, ok(products("0.85")));
    await pullOptionsProducts({ now: start });
    expect(calls).toEqual(["http://quanta.test/api/v1/options/products"]);
    expect(await readOptionsProducts()).toEqual({
      key: "current",
      products: products("0.85"),
      readAt: "2026-01-01T00:00:00.000Z",
    });

    serve(200, ok(products("0.8")));
    await pullOptionsProducts({ now: start + OPTIONS_PRODUCTS_MAX_AGE_MS - 1 });
    expect(calls).toHaveLength(1);
    await pullOptionsProducts({ now: start + 1, force: true });
    expect(calls).toHaveLength(2);
    expect((await readOptionsProducts())?.products).toEqual(products("0.8"));
    await pullOptionsProducts({ now: start + 1 + OPTIONS_PRODUCTS_MAX_AGE_MS });
    expect(calls).toHaveLength(3);
  });

  it("keeps the stored products when the read fails, without failing", async () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    serve(200, ok(products("0.85")));
    await pullOptionsProducts({ now: start });
    serve(503, { HttpStatusCode: 503, Message: "down", Code: "UNAVAILABLE", Data: null });
    await expect(
      pullOptionsProducts({ now: start + OPTIONS_PRODUCTS_MAX_AGE_MS }),
    ).resolves.toBeUndefined();
    expect((await readOptionsProducts())?.products).toEqual(products("0.85"));
  });

  it("sign-out forgets the user's options, not the public products", async () => {
    serve(200, ok(products("0.85")));
    await pullOptionsProducts();
    const order = {
      id: "op1",
      userId: "u1",
      symbol: "BTC/USDT",
      direction: "up" as const,
      seconds: 30,
      number: "10",
      fee: "0",
      payoutRate: "0.85",
      buyPrice: null,
      sellPrice: null,
      profit: null,
      result: null,
      entryTick: null,
      exitTick: null,
      time: "2026-01-01T00:00:00.000Z",
      expiresAt: "2026-01-01T00:00:30.000Z",
      settledAt: null,
      reason: null,
    };
    await database().optionsOrders.bulkPut([order, { ...order, id: "op2", userId: "u2" }]);
    await clearUserData("u1");
    expect((await database().optionsOrders.toArray()).map((row) => row.id)).toEqual(["op2"]);
    expect(await readOptionsProducts()).toBeDefined();
  });
});
