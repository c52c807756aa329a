// Contract orders on the real app against a live seeded book (PGlite, and PostgreSQL when
// DATABASE_URL is set). Every number that decides a position — entry, margin, fee, liquidation
// price, the close's pnl and fee — is recomputed here from the served book with the issue's
// formulas, not with the engine's code; the money moves exactly by them (bills 103/301 at the
// open, 104/302|303/301 at the close); a waiting limit order holds margin + fee and gives both
// back when cancelled; nothing is ever left frozen; ledger:check after each test.
import { expect, it } from "vitest";
import type { ContractConfig, ContractOrder } from "../../protocol/contract";
import { API_BASE } from "../../protocol/paths";
import {
  bookOf,
  cancelContract,
  closeContract,
  contractBills,
  contractSuites,
  openContract,
  units,
  walkPrice,
} from "./helpers/contract";
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
});
