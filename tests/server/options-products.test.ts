// GET /options/products: public, from configuration — demo's four products, or the operator's
// OPTIONS_PRODUCTS — and POST /options/orders accepts exactly the products it lists.
import { describe, expect, it } from "vitest";
import type { OptionsProduct } from "../../protocol/options";
import { API_BASE } from "../../protocol/paths";
import { bearer, createUserSession } from "./helpers/sessions";
import { useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const demo = useTestApp(getDb);
const configured = useTestApp(getDb, {
  env: { OPTIONS_PRODUCTS: "90:0.8:0.005:2:50,15:0.9:0:1:100" },
});

async function products(app: typeof demo): Promise<OptionsProduct[]> {
  const response = await app.inject({ url: `${API_BASE}/options/products` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: OptionsProduct[] }>().Data;
}

describe("GET /options/products", () => {
  it("answers demo's 30, 60, 120 and 300 s products without a token", async () => {
    expect(await products(demo)).toEqual(
      [30, 60, 120, 300].map((seconds) => ({
        seconds,
        payoutRate: "0.85",
        minAmount: "1",
        maxAmount: "10000",
        feeRate: "0.01",
      })),
    );
  });

  it("answers the configured products, shortest first", async () => {
    expect(await products(configured)).toEqual([
      { seconds: 15, payoutRate: "0.9", minAmount: "1", maxAmount: "100", feeRate: "0" },
      { seconds: 90, payoutRate: "0.8", minAmount: "2", maxAmount: "50", feeRate: "0.005" },
    ]);
  });

  it("places only listed products (their seconds and their range)", async () => {
    const user = await createUserSession(getDb());
    const post = (body: object) =>
      configured.inject({
        method: "POST",
        url: `${API_BASE}/options/orders`,
        headers: { ...bearer(user), "idempotency-key": JSON.stringify(body) },
        payload: body,
      });
    const order = { symbol: "BTC/USDT", direction: "up" };
    expect((await post({ ...order, seconds: 60, amount: "10" })).json()).toMatchObject({
      Code: "VALIDATION",
      Message:
        'Invalid body: "seconds" must be the number of seconds of an offered product: 15, 90',
    });
    expect((await post({ ...order, seconds: 90, amount: "51" })).json()).toMatchObject({
      Code: "VALIDATION",
      Params: { field: "amount", rule: "at-most", limit: "50" },
    });
  });
});
