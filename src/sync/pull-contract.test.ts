// The contract terms are fetched when missing or older than 10 minutes (or when a refusal says
// they may have changed), a failed read keeps the stored row, and sign-out forgets the user's
// contract orders but not the public terms.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApi } from "../api/client";
import { clearUserData } from "../db/account-data";
import { readContractConfig } from "../db/contract-data";
import { database } from "../db/database";
import { freshDevice } from "../db/sync-test-fixtures";
import { CONTRACT_CONFIG, contractOrder } from "../test/contract-fixtures";
import { CONTRACT_CONFIG_MAX_AGE_MS, pullContractConfig } from "./pull-contract";

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
const START = Date.parse("2026-01-01T00:00:00Z");

describe("pullContractConfig", () => {
  beforeEach(async () => {
    await freshDevice("u1");
    calls = [];
    configureApi({ origin: "http://quanta.test", getToken: () => null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fetches when missing, then not again until 10 minutes old or forced", async () => {
    serve(200, ok(CONTRACT_CONFIG));
    await pullContractConfig({ now: START });
    expect(calls).toEqual(["http://quanta.test/api/v1/contract/config"]);
    expect(await readContractConfig()).toEqual({
      key: "current",
      config: CONTRACT_CONFIG,
      readAt: "2026-01-01T00:00:00.000Z",
    });
    const fewer = { ...CONTRACT_CONFIG, leverages: [1, 2, 5] };
    serve(200, ok(fewer));
    await pullContractConfig({ now: START + CONTRACT_CONFIG_MAX_AGE_MS - 1 });
    expect(calls).toHaveLength(1);
    await pullContractConfig({ now: START + 1, force: true });
    expect((await readContractConfig())?.config.leverages).toEqual([1, 2, 5]);
    await pullContractConfig({ now: START + 1 + CONTRACT_CONFIG_MAX_AGE_MS });
    expect(calls).toHaveLength(3);
  });

  it("keeps the stored terms when the read fails, without failing", async () => {
    serve(200, ok(CONTRACT_CONFIG));
    await pullContractConfig({ now: START });
    serve(503, { HttpStatusCode: 503, Message: "down", Code: "UNAVAILABLE", Data: null });
    await expect(
      pullContractConfig({ now: START + CONTRACT_CONFIG_MAX_AGE_MS }),
    ).resolves.toBeUndefined();
    expect((await readContractConfig())?.config).toEqual(CONTRACT_CONFIG);
  });

  it("sign-out forgets the user's orders, not the public terms", async () => {
    serve(200, ok(CONTRACT_CONFIG));
    await pullContractConfig();
    await database().contractOrders.bulkPut([
      { ...contractOrder(), userId: "u1" },
      { ...contractOrder({ id: "c2" }), userId: "u2" },
    ]);
    await clearUserData("u1");
    expect((await database().contractOrders.toArray()).map((row) => row.id)).toEqual(["c2"]);
    expect(await readContractConfig()).toBeDefined();
  });
});
