// Contract orders on the real app against a live seeded book (PGlite, and PostgreSQL when
// DATABASE_URL is set). Every number that decides a position — entry, margin, fee, liquidation
// price, the close's pnl and fee — is recomputed here from the served book with the issue's
// formulas, not with the engine's code; the money moves exactly by them (bills 103/301 at the
// open, 104/302|303/301 at the close); a waiting limit order holds margin + fee and gives both
// back when cancelled; nothing is ever left frozen; ledger:check after each test.
import { expect, it } from "vitest";
import type { ContractConfig, ContractOrder } from "../../protocol/contract";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { closePosition } from "../../server/domain/contract/close-position";
import {
  bookOf,
  cancelContract,
  closeContract,
  contractBills,
  contractSuites,
  openContract,
  postContractOrder,
  units,
  walkPrice,
} from "./helpers/contract";
import { bearer, createUserSession } from "./helpers/sessions";
import { balancesOf, fund, stepMarket } from "./helpers/spot";
import { syncAll } from "./helpers/sync";

const USDT = (s: string) => units(s, 6);
const COIN = (s: string) => units(s, 8);
const signed = (s: string) => (s.startsWith("-") ? -USDT(s.slice(1)) : USDT(s));
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -ceilDiv(-a, b));
const E8 = 10n ** 8n;
/** Demo terms: fee 0.05 % = 5/10000, maintenance 0.5 % = 5/1000. */
const margin = (entry: bigint, q: bigint, lev: bigint) => ceilDiv(entry * q, E8 * lev);
const fee = (price: bigint, q: bigint) => ceilDiv(price * q * 5n, E8 * 10_000n);
/** long: entry × (1 − 1/lev + 0.005) down to the step; short: entry × (1 + 1/lev − 0.005) up. */
function liquidation(direction: "long" | "short", entry: bigint, lev: bigint, step: bigint) {
  const den = lev * 1000n;
  if (direction === "long")
    return ((entry * (lev * 1000n - 1000n + lev * 5n)) / (den * step)) * step;
  return ceilDiv(entry * (lev * 1000n + 1000n - lev * 5n), den * step) * step;
}

contractSuites("contract orders", "contract-orders", (env) => {
  it("GET /contract/config answers demo's terms and every listed symbol without a token", async () => {
    const response = await env().app.inject({ url: `${API_BASE}/contract/config` });
    expect(response.statusCode, response.body).toBe(200);
    const config = response.json<{ Data: ContractConfig }>().Data;
    expect(config).toMatchObject({
      leverages: [1, 2, 3, 5, 10, 20, 50],
      feeRate: "0.0005",
      maintenanceMarginRate: "0.005",
      minValue: "5",
    });
    expect(config.symbols).toHaveLength(12);
    expect(config.symbols).toContain("BTC/USDT");
  });

  it("a 10× long opens at the ask walk's price and closes at the bid walk's, money exact", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100000"));
    await stepMarket(market, 3);
    const q = COIN("0.5");
    const step = 10_000n; // BTC's price step, 0.01 USDT
    const entry = walkPrice(bookOf(market, "BTC/USDT").asks, q, step, true);
    const head = market.feed.headSeqs().get("BTC/USDT")?.toString();
    const body = { symbol: "BTC/USDT", direction: "long", leverage: 10, quantity: "0.5", type: 0 };
    const order = await openContract(app, user, body);

    const m = margin(entry, q, 10n);
    const openFee = fee(entry, q);
    const liq = liquidation("long", entry, 10n, step);
    expect(order).toMatchObject({
      symbol: "BTC/USDT",
      direction: "long",
      leverage: 10,
      type: 0,
      state: 1,
      quantity: "0.50000",
      pnl: null,
      closeFee: null,
      closePrice: null,
      closedAt: null,
      closeReason: null,
      closeTick: null,
      takeProfit: null,
      stopLoss: null,
      openTickSeq: head,
    });
    expect(order.openedAt).toBe(order.time);
    expect(USDT(order.price)).toBe(entry);
    expect(USDT(order.margin)).toBe(m);
    expect(USDT(order.openFee)).toBe(openFee);
    expect(USDT(order.fee)).toBe(openFee);
    expect(USDT(order.liquidationPrice)).toBe(liq);
    expect(USDT(order.value)).toBe((entry * q) / E8);
    const funds = USDT("100000");
    expect((await balancesOf(db, user.userId))("USDT")).toEqual({
      available: funds - m - openFee,
      frozen: m,
    });
    expect(await contractBills(db, user.userId)).toEqual([
      [103, -m],
      [301, -openFee],
    ]);
    // The tick it opened on is recorded and kept from pruning.
    const [tick] = await db.query<{ kept: boolean }>(
      "SELECT kept FROM ticks WHERE symbol = 'BTC/USDT' AND seq = $1",
      [order.openTickSeq],
    );
    expect(tick).toEqual({ kept: true });

    const opened = await syncAll(app, user);
    expect(opened.changes.filter((c) => c.entity === "contract-order")).toEqual([
      { entity: "contract-order", id: order.id, op: "put", data: order },
    ]);

    await stepMarket(market, 5);
    const close = walkPrice(bookOf(market, "BTC/USDT").bids, q, step, false);
    const closeHead = market.feed.headSeqs().get("BTC/USDT")?.toString();
    const response = await closeContract(app, user, order.id);
    expect(response.statusCode, response.body).toBe(200);
    const closed = response.json<{ Data: ContractOrder }>().Data;
    const pnl = floorDiv((close - entry) * q, E8);
    const closeFee = fee(close, q);
    expect(closed).toMatchObject({
      id: order.id,
      state: 2,
      closeReason: "user",
      closeTick: null, // only a trigger names its tick
      openTickSeq: head,
    });
    expect(USDT(closed.closePrice ?? "")).toBe(close);
    expect(signed(closed.pnl ?? "")).toBe(pnl);
    expect(USDT(closed.closeFee ?? "")).toBe(closeFee);
    expect(USDT(closed.fee)).toBe(openFee + closeFee);
    expect((await balancesOf(db, user.userId))("USDT")).toEqual({
      available: funds - openFee + pnl - closeFee,
      frozen: 0n,
    });
    expect(await contractBills(db, user.userId)).toEqual([
      [103, -m],
      [301, -openFee],
      [104, m],
      ...(pnl === 0n ? [] : [[pnl > 0n ? 302 : 303, pnl] as const]),
      [301, -closeFee],
    ]);
    // The close names the newest recorded tick, kept too.
    const [row] = await db.query<{ close_tick_seq: string }>(
      "SELECT close_tick_seq::text FROM contract_orders WHERE id = $1",
      [order.id],
    );
    expect(row?.close_tick_seq).toBe(closeHead);
    // The change log carries each state of the order as answered.
    const { changes } = await syncAll(app, user, opened.cursor);
    expect(changes.filter((c) => c.entity === "contract-order")).toEqual([
      { entity: "contract-order", id: order.id, op: "put", data: closed },
    ]);
  });

  it("a 5× short opens at the bid walk's price and closes at the ask walk's", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("5000"));
    await stepMarket(market, 2);
    const q = COIN("2.5");
    const step = 10_000n; // ETH's price step, 0.01
    const entry = walkPrice(bookOf(market, "ETH/USDT").bids, q, step, false);
    const order = await openContract(app, user, {
      symbol: "ETH/USDT",
      direction: "short",
      leverage: 5,
      quantity: "2.5",
      type: 0,
    });
    const m = margin(entry, q, 5n);
    const openFee = fee(entry, q);
    expect(USDT(order.price)).toBe(entry);
    expect(USDT(order.margin)).toBe(m);
    expect(USDT(order.liquidationPrice)).toBe(liquidation("short", entry, 5n, step));
    expect(USDT(order.liquidationPrice) > entry).toBe(true);

    await stepMarket(market, 4);
    const close = walkPrice(bookOf(market, "ETH/USDT").asks, q, step, true);
    const closed = (await closeContract(app, user, order.id)).json<{ Data: ContractOrder }>().Data;
    const pnl = floorDiv((entry - close) * q, E8);
    const closeFee = fee(close, q);
    expect(USDT(closed.closePrice ?? "")).toBe(close);
    expect(closed.state).toBe(2);
    const balance = (await balancesOf(db, user.userId))("USDT");
    expect(balance).toEqual({ available: USDT("5000") - openFee + pnl - closeFee, frozen: 0n });
    const bills = await contractBills(db, user.userId);
    expect(bills.slice(2)).toEqual([
      [104, m],
      ...(pnl === 0n ? [] : [[pnl > 0n ? 302 : 303, pnl] as const]),
      [301, -closeFee],
    ]);
    // The house is the counterparty: the pool paid or received exactly the pnl.
    const [pool] = await db.query<{ total: string }>(
      `SELECT coalesce(sum(e.amount), 0)::text AS total FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.system = 'contract-pool' AND a.asset = 'USDT'`,
    );
    expect(BigInt(pool?.total ?? "")).toBe(-pnl);
  });

  it("a waiting limit order holds margin + fee at its own price; cancelling returns both", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const step = 10_000n;
    const bestAsk = USDT(bookOf(market, "BTC/USDT").asks[0]?.[0] ?? "0");
    const price = bestAsk - 500n * step; // 5 USDT under the ask: it waits
    const q = COIN("0.01");
    const priceText = (Number(price / step) / 100).toFixed(2);
    const order = await openContract(app, user, {
      symbol: "BTC/USDT",
      direction: "long",
      leverage: 20,
      quantity: "0.01",
      type: 1,
      price: priceText,
    });
    const m = margin(price, q, 20n);
    const openFee = fee(price, q);
    expect(order).toMatchObject({
      type: 1,
      state: 0,
      openedAt: null,
      openTickSeq: null,
      pnl: null,
      fee: "0", // frozen, not paid
    });
    expect(USDT(order.price)).toBe(price);
    expect(USDT(order.margin)).toBe(m);
    expect(USDT(order.openFee)).toBe(openFee);
    expect(USDT(order.liquidationPrice)).toBe(liquidation("long", price, 20n, step));
    expect((await balancesOf(db, user.userId))("USDT")).toEqual({
      available: USDT("1000") - m - openFee,
      frozen: m + openFee,
    });
    expect(await contractBills(db, user.userId)).toEqual([
      [103, -m],
      [103, -openFee],
    ]);

    const response = await cancelContract(app, user, order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ Data: ContractOrder }>().Data).toMatchObject({
      id: order.id,
      state: 2,
      closeReason: "cancelled",
      pnl: null,
      closePrice: null,
      closeFee: null,
      fee: "0", // nothing of it was paid: the frozen fee came back
      openFee: order.openFee,
    });
    expect((await balancesOf(db, user.userId))("USDT")).toEqual({
      available: USDT("1000"),
      frozen: 0n,
    });
    expect(await contractBills(db, user.userId)).toEqual([
      [103, -m],
      [103, -openFee],
      [104, openFee],
      [104, m],
    ]);
    // Cancelled once: a second cancel and a close are clean 409s naming how it ended.
    const again = await cancelContract(app, user, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      Code: "CONFLICT",
      Params: { conflict: "order-completed", reason: "cancelled" },
      Message: "This order was already cancelled",
    });
    expect((await closeContract(app, user, order.id)).statusCode).toBe(409);
  });

  it("closing twice is a clean 409; waiting, open and other users' orders answer by their state", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const body = { symbol: "SOL/USDT", direction: "short", leverage: 3, quantity: "1", type: 0 };
    const order = await openContract(app, user, body);
    const stranger = await createUserSession(db);
    expect((await closeContract(app, stranger, order.id)).json()).toMatchObject({
      HttpStatusCode: 404,
      Code: "NOT_FOUND",
    });
    expect((await cancelContract(app, stranger, order.id)).statusCode).toBe(404);
    expect((await closeContract(app, user, "999999")).statusCode).toBe(404);
    const cancel = await cancelContract(app, user, order.id);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ Params: { conflict: "order-open" } });

    expect((await closeContract(app, user, order.id)).statusCode).toBe(200);
    const before = await balancesOf(db, user.userId);
    const second = await closeContract(app, user, order.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      Code: "CONFLICT",
      Params: { conflict: "order-completed", reason: "user" },
      Message: "This position is already closed",
    });
    expect((await balancesOf(db, user.userId))("USDT")).toEqual(before("USDT"));

    const bestBid = USDT(bookOf(market, "SOL/USDT").bids[0]?.[0] ?? "0");
    const waiting = await openContract(app, user, {
      ...body,
      type: 1,
      price: ((Number(bestBid / 10_000n) + 100) / 100).toFixed(2), // 1 USDT over the bid
    });
    const closing = await closeContract(app, user, waiting.id);
    expect(closing.statusCode).toBe(409);
    expect(closing.json()).toMatchObject({ Params: { conflict: "order-waiting" } });
    expect((await cancelContract(app, user, waiting.id)).statusCode).toBe(200);
  });

  it("a close after a liquidation won the race is a 409 naming it; the loss is the margin", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const order = await openContract(app, user, {
      symbol: "BTC/USDT",
      direction: "long",
      leverage: 50,
      quantity: "0.001",
      type: 0,
    });
    await stepMarket(market, 1);
    // What the trigger worker does when a recorded tick reaches the liquidation price.
    const tickSeq = market.feed.headSeqs().get("BTC/USDT")?.toString() ?? "";
    const liquidated = await db.transaction((tx) =>
      closePosition(tx, {
        id: order.id,
        reason: "liquidation",
        price: USDT(order.liquidationPrice),
        tickSeq,
        atMs: Date.now(),
      }),
    );
    expect(liquidated.kind).toBe("closed");
    const response = await closeContract(app, user, order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      Code: "CONFLICT",
      Params: { conflict: "order-completed", reason: "liquidation" },
      Message: "This position was already liquidated",
    });
    const m = USDT(order.margin);
    expect((await contractBills(db, user.userId)).slice(2)).toEqual([
      [104, m],
      [303, -m],
    ]);
    expect((await balancesOf(db, user.userId))("USDT")).toEqual({
      available: USDT("1000") - USDT(order.openFee) - m,
      frozen: 0n,
    });
  });

  it("replays an Idempotency-Key with the stored order, and refuses it with another body", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const body = { symbol: "BTC/USDT", direction: "long", leverage: 2, quantity: "0.001", type: 0 };
    const first = await postContractOrder(app, user, body, "same-key");
    expect(first.statusCode, first.body).toBe(200);
    await stepMarket(market, 2);
    // "0.00100" is the same quantity: the same request.
    const replay = await postContractOrder(app, user, { ...body, quantity: "0.00100" }, "same-key");
    expect(replay.json()).toEqual(first.json());
    const other = await postContractOrder(app, user, { ...body, leverage: 3 }, "same-key");
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });
    const [count] = await db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM contract_orders",
    );
    expect(count?.n).toBe("1");
  });

  it("lists the user's orders newest first, by state, in cursor pages", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const body = { symbol: "DOGE/USDT", direction: "long", leverage: 5, quantity: "100", type: 0 };
    const a = await openContract(app, user, body);
    const b = await openContract(app, user, body);
    const c = await openContract(app, user, body);
    await closeContract(app, user, b.id);
    const list = async (query: string) => {
      const response = await app.inject({
        url: `${API_BASE}/contract/orders${query}`,
        headers: bearer(user),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: ListPage<ContractOrder> }>().Data;
    };
    const open = await list("?state=1");
    expect(open.items.map((o) => o.id)).toEqual([c.id, a.id]);
    expect((await list("?state=2")).items.map((o) => o.id)).toEqual([b.id]);
    expect((await list("?state=0")).items).toEqual([]);
    const first = await list("?limit=2");
    expect(first.items.map((o) => o.id)).toEqual([c.id, b.id]);
    expect(first.nextCursor).toBe(b.id);
    const rest = await list(`?limit=2&cursor=${first.nextCursor ?? ""}`);
    expect(rest).toEqual({ items: [expect.objectContaining({ id: a.id })], nextCursor: null });
    const bad = await app.inject({
      url: `${API_BASE}/contract/orders?state=3`,
      headers: bearer(user),
    });
    expect(bad.statusCode).toBe(400);
    // Another user sees none of them.
    const stranger = await createUserSession(db);
    const theirs = await app.inject({
      url: `${API_BASE}/contract/orders`,
      headers: bearer(stranger),
    });
    expect(theirs.json<{ Data: ListPage<ContractOrder> }>().Data.items).toEqual([]);
  });
});
