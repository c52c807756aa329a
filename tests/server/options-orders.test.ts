// Buying a rise/fall option through the API: one debit (311 stake to the options pool, 314 fee
// to fees) referring to the order, the open order with its terms and times, its change-log
// entry, the lists, idempotent replays, and one open option per user.
import { describe, expect, it } from "vitest";
import type { ListPage } from "../../protocol/list";
import type { OptionsOrder } from "../../protocol/options";
import { API_BASE } from "../../protocol/paths";
import { userBalances } from "../../server/db/repositories/ledger-account-repository";
import { parseAmount } from "../../server/domain/ledger/amounts";
import { placeOptionsOrder } from "../../server/domain/options/place-order";
import {
  buyOption,
  optionBills,
  optionsSnapshot,
  postOptionsOrder,
  useOptionsApp,
} from "./helpers/options";
import { settleByRule } from "./helpers/options-settle";
import { bearer, createUserSession } from "./helpers/sessions";
import { balancesOf, fund, stepMarket } from "./helpers/spot";
import { syncAll } from "./helpers/sync";

const env = useOptionsApp("options-orders");
const USDT = (s: string) => parseAmount(s, 6, "usdt");
const up60 = { symbol: "BTC/USDT", direction: "up", seconds: 60, amount: "10" };

describe("POST /options/orders", () => {
  it("takes stake and fee from available in one posting and opens the order", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    const before = Date.now();
    const order = await buyOption(app, user, up60);
    const after = Date.now();

    expect(order).toEqual({
      id: expect.stringMatching(/^\d+$/) as string,
      symbol: "BTC/USDT",
      direction: "up",
      seconds: 60,
      number: "10",
      fee: "0.1",
      payoutRate: "0.85",
      buyPrice: null,
      sellPrice: null,
      profit: null,
      result: null,
      entryTick: null,
      exitTick: null,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      expiresAt: expect.any(String) as string,
      settledAt: null,
      reason: null,
    });
    const time = Date.parse(order.time);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
    expect(Date.parse(order.expiresAt)).toBe(time + 60_000);

    // 311 the stake, 314 the fee, both referring to the order, in one ledger transaction.
    expect(await optionBills(db, user.userId)).toEqual([
      [311, -USDT("10"), "options-order", order.id],
      [314, -USDT("0.1"), "options-order", order.id],
    ]);
    const [posting] = await db.query<{ txs: string[]; tx: string }>(
      `SELECT array_agg(DISTINCT b.transaction_id::text) AS txs,
              min(o.purchase_transaction_id)::text AS tx
         FROM bills b JOIN options_orders o ON o.id = $1
        WHERE b.user_id = $2 AND b.type IN (311, 314)`,
      [order.id, user.userId],
    );
    expect(posting?.txs).toEqual([posting?.tx]);
    expect((await balancesOf(db, user.userId))("USDT")).toEqual({
      available: USDT("89.9"),
      frozen: 0n,
    });
    // The other side: the pool and fees (system accounts hold their sealed legs; checkLedger
    // seals, and afterEach checks it).
    const legs = await db.query<{ system: string; amount: string }>(
      `SELECT a.system, e.amount::text AS amount FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id
        WHERE e.transaction_id = $1 AND a.system IS NOT NULL ORDER BY a.system`,
      [posting?.tx ?? ""],
    );
    expect(legs).toEqual([
      { system: "fees", amount: USDT("0.1").toString() },
      { system: "options-pool", amount: USDT("10").toString() },
    ]);
    expect((await userBalances(db, user.userId)).map((b) => b.asset)).toEqual(["USDT"]);

    const { changes } = await syncAll(app, user);
    expect(changes.filter((c) => c.entity === "options-order")).toEqual([
      { entity: "options-order", id: order.id, op: "put", data: order },
    ]);
  });

  it("rounds the fee up and keeps the product's payout rate on the order", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    // 1 % of 1.000050 is 0.0100005: a debit rounds up to 0.010001.
    const order = await buyOption(app, user, {
      symbol: "ETH/USDT",
      direction: "down",
      seconds: 300,
      amount: "1.000050",
    });
    expect(order).toMatchObject({ number: "1.00005", fee: "0.010001", direction: "down" });
    expect(Date.parse(order.expiresAt) - Date.parse(order.time)).toBe(300_000);
    expect((await balancesOf(db, user.userId))("USDT").available).toBe(
      USDT("100") - USDT("1.00005") - USDT("0.010001"),
    );
  });

  it("accepts no earlier than the newest tick it holds, so the entry is one the buyer never saw", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    // An exchange feed's clock may run ahead of ours: a tick stamped 5 s from now.
    const ahead = Date.now() + 5_000;
    market.source.emit(ahead);
    const order = await buyOption(app, user, up60);
    expect(Date.parse(order.time)).toBe(ahead);
    expect(Date.parse(order.expiresAt)).toBe(ahead + 60_000);
  });

  it("answers a replay with the stored order and refuses the key with another body (409)", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    const first = await postOptionsOrder(app, user, up60, "same-key");
    expect(first.statusCode, first.body).toBe(200);
    await stepMarket(market, 2);
    const before = await optionsSnapshot(db);
    // "10.00" is the same amount as "10": the same request.
    const replay = await postOptionsOrder(app, user, { ...up60, amount: "10.00" }, "same-key");
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await postOptionsOrder(app, user, { ...up60, direction: "down" }, "same-key");
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });
    expect(await optionsSnapshot(db)).toEqual(before);
    expect(await optionBills(db, user.userId)).toHaveLength(2);
  });

  it("refuses a second option while one is open, verbatim, and changes nothing", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    await buyOption(app, user, up60);
    const before = await optionsSnapshot(db);
    for (const body of [up60, { ...up60, symbol: "SOL/USDT", direction: "down", seconds: 30 }]) {
      const second = await postOptionsOrder(app, user, body);
      expect(second.statusCode).toBe(422);
      expect(second.json()).toEqual({
        HttpStatusCode: 422,
        Code: "PREVIOUS_ORDER_OPEN",
        Message: "Please complete the previous order first",
        Data: null,
      });
    }
    expect(await optionsSnapshot(db)).toEqual(before);
  });

  it("keeps users apart: another user's open option does not block", async () => {
    const { db, app, market, user } = env();
    const other = await createUserSession(db);
    await fund(db, user.userId, "USDT", USDT("100"));
    await fund(db, other.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    await buyOption(app, user, up60);
    await buyOption(app, other, up60);
  });
});

describe("GET /options/orders", () => {
  it("lists the open order under open and all, none under done; needs a token", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    const order = await buyOption(app, user, up60);
    const list = async (query: string) => {
      const response = await app.inject({
        url: `${API_BASE}/options/orders${query}`,
        headers: bearer(user),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: ListPage<OptionsOrder> }>().Data;
    };
    expect(await list("")).toEqual({ items: [order], nextCursor: null });
    expect(await list("?status=open")).toEqual({ items: [order], nextCursor: null });
    expect(await list("?status=done")).toEqual({ items: [], nextCursor: null });
    const bad = await app.inject({
      url: `${API_BASE}/options/orders?status=closed`,
      headers: bearer(user),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Code: "VALIDATION", Params: { field: "status" } });
    const anonymous = await app.inject({ url: `${API_BASE}/options/orders` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("pages settled orders newest first under done, by cursor", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    const t0 = Date.now() - 600_000;
    const emit = async (...times: number[]) => {
      for (const t of times) market.source.emit(t);
      await market.feed.flush();
    };
    await emit(t0);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const at = t0 + i * 40_000 + 100;
      const order = await placeOptionsOrder(db, {
        userId: user.userId,
        body: { ...up60, seconds: 30 },
        idempotencyKey: `page-${i}`,
        feed: market.feed,
        now: () => at,
      });
      await emit(at + 10_000, at + 35_000);
      await settleByRule(db, order.id);
      ids.push(order.id);
    }
    const page = async (query: string) =>
      (
        await app.inject({ url: `${API_BASE}/options/orders${query}`, headers: bearer(user) })
      ).json<{ Data: ListPage<OptionsOrder> }>().Data;
    const first = await page("?status=done&limit=2");
    expect(first.items.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    expect(first.items.every((o) => o.result !== null && o.settledAt !== null)).toBe(true);
    expect(first.nextCursor).toBe(ids[1]);
    const second = await page(`?status=done&limit=2&cursor=${first.nextCursor ?? ""}`);
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect((await page("?status=open")).items).toEqual([]);
  });
});
