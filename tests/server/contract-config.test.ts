// GET /contract/config from configuration: demo's terms (contract-orders.test.ts), the operator's
// CONTRACT_TERMS — which POST /contract/orders then holds orders to — or, in production without
// it, no contract trading: the config and new orders answer 403 NOT_OFFERED, while the user's
// existing orders can still be listed (and closed or cancelled: nothing is ever held hostage).
import { describe, expect, it } from "vitest";
import type { ContractConfig } from "../../protocol/contract";
import { API_BASE } from "../../protocol/paths";
import { postContractOrder } from "./helpers/contract";
import { bearer, createUserSession } from "./helpers/sessions";
import { testConfig, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const configured = useTestApp(getDb, { env: { CONTRACT_TERMS: "4,2:0.001:0.01:20" } });
const notOffered = useTestApp(getDb, { config: { ...testConfig(), contract: { terms: null } } });

describe("GET /contract/config", () => {
  it("answers the operator's terms, leverages ascending", async () => {
    const response = await configured.inject({ url: `${API_BASE}/contract/config` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ Data: ContractConfig }>().Data).toMatchObject({
      leverages: [2, 4],
      feeRate: "0.001",
      maintenanceMarginRate: "0.01",
      minValue: "20",
    });
    const user = await createUserSession(getDb());
    const order = await postContractOrder(configured, user, {
      symbol: "BTC/USDT",
      direction: "long",
      leverage: 10,
      quantity: "0.01",
      type: 0,
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({
      Code: "VALIDATION",
      Params: { field: "leverage" },
      Message: 'Invalid body: "leverage" must be one of the offered leverages: 2, 4',
    });
  });

  it("without terms: 403 NOT_OFFERED for the config and new orders; the list still answers", async () => {
    const config = await notOffered.inject({ url: `${API_BASE}/contract/config` });
    expect(config.statusCode).toBe(403);
    expect(config.json()).toMatchObject({
      Code: "NOT_OFFERED",
      Params: { product: "contract" },
      Message: "Contract trading is not offered on this server",
    });
    const user = await createUserSession(getDb());
    const order = await postContractOrder(notOffered, user, { symbol: "BTC/USDT" });
    expect(order.statusCode).toBe(403);
    expect(order.json()).toMatchObject({ Code: "NOT_OFFERED" });
    const list = await notOffered.inject({
      url: `${API_BASE}/contract/orders`,
      headers: bearer(user),
    });
    expect(list.statusCode).toBe(200);
  });
});
