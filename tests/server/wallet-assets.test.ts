// POST /wallet/demo-credit, GET /assets/bills and GET /assets/overview on the real app (PGlite):
// the smallest honest money path over the ledger (first slice).
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AssetsOverview, Bill } from "../../protocol/ledger";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { freeze } from "../../server/domain/ledger/operations";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { syncAll } from "./helpers/sync";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;
let user: TestSession;
let keyCounter = 0;

beforeAll(async () => {
  app = await buildTestApp({ db: getDb() });
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDb(getDb());
  user = await createUserSession(getDb());
});

function demoCredit(body: unknown, key: string | null = `key-${++keyCounter}`, target = app) {
  return target.inject({
    method: "POST",
    url: `${API_BASE}/wallet/demo-credit`,
    headers: { ...bearer(user), ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body as object,
  });
}

async function get<T>(url: string, session: TestSession = user): Promise<T> {
  const response = await app.inject({ url: `${API_BASE}${url}`, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: T }>().Data;
}

const billCount = async () =>
  (await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM bills"))[0]?.n;

describe("POST /wallet/demo-credit", () => {
  it("credits USDT from the demo issuer as bill 106, synced through the change log", async () => {
    const response = await demoCredit({ amount: "1250.5" });
    expect(response.statusCode, response.body).toBe(200);
    const bill = response.json<{ Data: Bill }>().Data;
    expect(bill).toMatchObject({
      type: 106,
      asset: "USDT",
      amount: "1250.5",
      balanceAfter: "1250.5",
      ref: { kind: "demo-credit" },
    });
    expect(new Date(bill.createdAt).toISOString()).toBe(bill.createdAt);
    const again = await demoCredit({ amount: "0.000001" });
    expect(again.json<{ Data: Bill }>().Data.balanceAfter).toBe("1250.500001");

    const { changes } = await syncAll(app, user);
    const synced = changes.filter((c) => c.entity === "bill");
    expect(synced.map((c) => c.data)).toEqual(
      (await get<ListPage<Bill>>("/assets/bills")).items.reverse(),
    );
    expect(await checkLedger(getDb())).toMatchObject({ ok: true, transactions: "2" });
  });

  it("answers a repeated Idempotency-Key with the same bill, and a different body with 409", async () => {
    const first = await demoCredit({ amount: "10" }, "same");
    const second = await demoCredit({ amount: "10.000" }, "same");
    expect(second.json()).toEqual(first.json());
    expect(await billCount()).toBe(1);
    const other = await demoCredit({ amount: "11" }, "same");
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });
    expect(await billCount()).toBe(1);
  });

  it.each([
    [{}, '"amount" is required'],
    [{ amount: "" }, '"amount" is required'],
    [{ amount: 10 }, '"amount" must be a decimal string'],
    [{ amount: "abc" }, '"amount" must be a positive decimal'],
    [{ amount: "-5" }, '"amount" must be a positive decimal'],
    [{ amount: "1e3" }, '"amount" must be a positive decimal'],
    [{ amount: "0" }, '"amount" must be greater than 0'],
    [{ amount: "1.0000001" }, '"amount" has more than 6 decimal places'],
    [{ amount: "100000.000001" }, '"amount" must be at most 100000'],
  ])("refuses %j with 400 naming the field, and writes nothing", async (body, message) => {
    const response = await demoCredit(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Code: "VALIDATION" });
    expect(response.json<{ Message: string }>().Message).toContain(message);
    expect(await billCount()).toBe(0);
  });

  it("accepts exactly the maximum", async () => {
    expect((await demoCredit({ amount: "100000" })).statusCode).toBe(200);
  });

  it("requires an Idempotency-Key and a signed-in user", async () => {
    const response = await demoCredit({ amount: "5" }, null);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Code: "VALIDATION" });
    expect(response.json<{ Message: string }>().Message).toContain("idempotency-key");
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/wallet/demo-credit`,
      headers: { "idempotency-key": "k" },
      payload: { amount: "5" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await billCount()).toBe(0);
  });

  it("is refused with 403 DEMO_ONLY by a production server", async () => {
    const production = await buildTestApp({
      db: getDb(),
      config: testConfig({
        QUANTA_MODE: "production",
        DATABASE_URL: "postgresql://unused.invalid/quanta",
        PUBLIC_ORIGIN: "https://quanta.example",
      }),
    });
    try {
      const response = await demoCredit({ amount: "5" }, "k", production);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ Code: "DEMO_ONLY" });
      expect(await billCount()).toBe(0);
    } finally {
      await production.close();
    }
  });
});

describe("GET /assets/bills", () => {
  it("lists the user's bills newest first, filtered by type and asset, page by page", async () => {
    for (const amount of ["1", "2", "3", "4", "5"]) await demoCredit({ amount });
    const posted = await getDb().transaction((tx) =>
      freeze(tx, {
        kind: "test",
        reference: "t",
        userId: user.userId,
        asset: "USDT",
        amount: 2_500_000n,
        billType: 201,
      }),
    );
    const other = await createUserSession(getDb());
    const asOther = app.inject({
      method: "POST",
      url: `${API_BASE}/wallet/demo-credit`,
      headers: { ...bearer(other), "idempotency-key": "x" },
      payload: { amount: "9" },
    });
    expect((await asOther).statusCode).toBe(200);

    const all = await get<ListPage<Bill>>("/assets/bills");
    expect(all.items.map((b) => [b.type, b.amount, b.balanceAfter])).toEqual([
      [201, "-2.5", "12.5"],
      [106, "5", "15"],
      [106, "4", "10"],
      [106, "3", "6"],
      [106, "2", "3"],
      [106, "1", "1"],
    ]);
    expect(all.nextCursor).toBeNull();
    expect(all.items[0]?.ref).toEqual({ kind: "test", id: posted.transactionId });

    const credits = await get<ListPage<Bill>>("/assets/bills?type=106&limit=2");
    expect(credits.items.map((b) => b.amount)).toEqual(["5", "4"]);
    const next = await get<ListPage<Bill>>(
      `/assets/bills?type=106&limit=2&cursor=${credits.nextCursor ?? ""}`,
    );
    expect(next.items.map((b) => b.amount)).toEqual(["3", "2"]);
    const last = await get<ListPage<Bill>>(
      `/assets/bills?type=106&limit=2&cursor=${next.nextCursor ?? ""}`,
    );
    expect(last).toMatchObject({ items: [{ amount: "1" }], nextCursor: null });

    expect((await get<ListPage<Bill>>("/assets/bills?asset=BTC")).items).toEqual([]);
    expect((await get<ListPage<Bill>>("/assets/bills?type=201&asset=USDT")).items).toHaveLength(1);
    expect((await get<ListPage<Bill>>("/assets/bills", other)).items.map((b) => b.amount)).toEqual([
      "9",
    ]);
  });

  it("refuses bad filters with 400 naming the field", async () => {
    for (const [query, field] of [
      ["type=999", "type"],
      ["asset=DOGEX", "asset"],
      ["cursor=abc", "cursor"],
      ["limit=0", "limit"],
    ]) {
      const response = await app.inject({
        url: `${API_BASE}/assets/bills?${query}`,
        headers: bearer(user),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ Message: string }>().Message).toContain(`"${field}"`);
    }
  });
});

describe("GET /assets/overview", () => {
  it("is all zeros for a new user", async () => {
    expect(await get<AssetsOverview>("/assets/overview")).toEqual({
      balances: [],
      usdt: { available: "0", frozen: "0", withdrawing: "0", withdrawn: "0" },
      income: { today: "0", yesterday: "0", total: "0", timeZone: "UTC" },
      creditLevel: 0,
      loan: "0",
      equityUsd: "0",
    });
  });

  it("shows the ledger's balances", async () => {
    await demoCredit({ amount: "100.25" });
    await getDb().transaction((tx) =>
      freeze(tx, {
        kind: "test",
        reference: "t",
        userId: user.userId,
        asset: "USDT",
        amount: 30_000_000n,
        billType: 201,
      }),
    );
    const overview = await get<AssetsOverview>("/assets/overview");
    expect(overview).toMatchObject({
      balances: [{ asset: "USDT", available: "70.25", frozen: "30" }],
      usdt: { available: "70.25", frozen: "30", withdrawing: "0", withdrawn: "0" },
      equityUsd: "100.25",
      loan: "0",
    });
  });
});
