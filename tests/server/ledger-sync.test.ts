// The ledger's app side against the real server on a real port (fake-indexeddb): "Get demo
// funds" goes through the outbox, the server books bill 106, the change log brings the bill into
// IndexedDB and the pull after it refreshes the stored assets overview. A lost answer is retried
// with the same Idempotency-Key and still makes one bill.
import "./helpers/browser-globals";
import { afterEach, describe, expect, it } from "vitest";
import { database } from "../../src/db/database";
import { readBills, NO_BILL_FILTER } from "../../src/db/queries/bills";
import { requestDemoFunds } from "../../src/sync/commands";
import { startSyncEngine, stopSyncEngine } from "../../src/sync/engine";
import { reportReachability } from "../../src/sync/online";
import { testEnvironment } from "../../src/sync/testing/fake-environment";
import { eventually, signIn, useSyncDevice, useSyncTestServer } from "./helpers/sync-client";

const server = useSyncTestServer();
const { seen } = useSyncDevice(server);

afterEach(() => {
  stopSyncEngine();
});

async function serverBills(userId: string): Promise<number> {
  const [row] = await server
    .db()
    .query<{ n: number }>("SELECT count(*)::int AS n FROM bills WHERE user_id = $1", [userId]);
  return row?.n ?? -1;
}

describe("demo funds through the outbox into IndexedDB", () => {
  it("books bill 106, syncs it into the bills table and updates the overview row", async () => {
    const user = await signIn(server.db());
    const sync = startSyncEngine({ env: testEnvironment(), lang: "en" });
    await sync.whenIdle();
    // The first pull stored the (empty) overview and the server's mode.
    expect(await database().assetsOverview.get(user.userId)).toMatchObject({
      usdt: { available: "0", frozen: "0" },
      equityUsd: "0",
    });

    const id = await requestDemoFunds("1000");
    await eventually(async () => (await database().outbox.get(id))?.state === "sent");
    await eventually(async () => (await database().bills.count()) === 1);
    await eventually(
      async () => (await database().assetsOverview.get(user.userId))?.usdt.available === "1000",
    );

    const [bill] = (await readBills(user.userId, NO_BILL_FILTER, 10)).items;
    expect(bill).toMatchObject({
      userId: user.userId,
      type: 106,
      asset: "USDT",
      amount: "1000",
      balanceAfter: "1000",
      ref: { kind: "demo-credit" },
    });
    const overview = await database().assetsOverview.get(user.userId);
    expect(overview).toMatchObject({
      usdt: { available: "1000", frozen: "0" },
      balances: [{ asset: "USDT", available: "1000", frozen: "0" }],
    });
    expect(Number.isNaN(Date.parse(overview?.pulledAt ?? ""))).toBe(false);
    expect(seen("wallet/demo-credit").map((r) => r.idempotencyKey)).toEqual([id]);
    expect(await serverBills(user.userId)).toBe(1);
  });

  it("retries a lost answer with the same key: one bill on the server and on the device", async () => {
    const user = await signIn(server.db());
    const sync = startSyncEngine({ env: testEnvironment(), lang: "en" });
    await sync.whenIdle();
    server.loseNextResponse((method, url) => method === "POST" && url.includes("demo-credit"));

    const id = await requestDemoFunds("250.5");
    await eventually(async () => {
      const row = await database().outbox.get(id);
      return row?.attempts === 1 && row.state === "waiting";
    });
    // The server did book the first attempt.
    expect(await serverBills(user.userId)).toBe(1);

    reportReachability(true);
    await sync.flushOutbox({ force: true });
    expect((await database().outbox.get(id))?.state).toBe("sent");
    await eventually(
      async () => (await database().assetsOverview.get(user.userId))?.usdt.available === "250.5",
    );

    const posts = seen("wallet/demo-credit");
    expect(posts.map((r) => r.status)).toEqual([0, 200]);
    expect(posts.map((r) => r.idempotencyKey)).toEqual([id, id]);
    expect(await serverBills(user.userId)).toBe(1);
    expect(await database().bills.count()).toBe(1);
  });

  it("clears the bills and the overview with the user's data on sign-out", async () => {
    const user = await signIn(server.db());
    const sync = startSyncEngine({ env: testEnvironment(), lang: "en" });
    await sync.whenIdle();
    const id = await requestDemoFunds("5");
    await eventually(async () => (await database().outbox.get(id))?.state === "sent");
    await eventually(async () => (await database().bills.count()) === 1);

    const { signOut } = await import("../../src/sync/account");
    await signOut();
    expect(await database().bills.count()).toBe(0);
    expect(await database().assetsOverview.get(user.userId)).toBeUndefined();
  });
});
