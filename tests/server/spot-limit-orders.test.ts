// Limit orders on the real app (PGlite) with the real matcher over a seeded simulated feed
// stepped by hand: placing freezes exactly notional + maker fee (buy, 315) or the coin (sell,
// 320); the order rests while the book does not cross it and fills at its own price on the first
// book that does (316 + 325 + 319, or 321 + 324 + 325); a cancel returns exactly what was frozen
// (317, 322); lists split open and done orders; the schema refuses a terminal order that keeps
// its reservation.
import { describe, expect, it } from "vitest";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import type { SpotOrder } from "../../protocol/spot";
import { formatFixed, formatUnits } from "../../protocol/decimal";
import { parseAmount } from "../../server/domain/ledger/amounts";
import type { RunningMarket } from "../../server/market/start-market";
import { bearer, createUserSession } from "./helpers/sessions";
import { balancesOf, cancelOrder, fund, placeOrder, spotBills, stepMarket } from "./helpers/spot";
import { useSpotApp, type SpotEnv } from "./helpers/spot-app";

const env = useSpotApp("spot-limit-orders");
const USDT = (s: string) => parseAmount(s, 6, "usdt");
const COIN = (s: string) => parseAmount(s, 8, "coin");
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const SYMBOL = "DOGE/USDT";
const STEP = 10n; // DOGE/USDT's price step, 0.00001 USDT, in USDT units

function best(market: RunningMarket): { bid: bigint; ask: bigint; seq: string } {
  const depth = market.feed.depth(SYMBOL, 1);
  if (!depth) throw new Error("no book");
  return {
    bid: USDT(depth.bids[0]?.[0] ?? "0"),
    ask: USDT(depth.asks[0]?.[0] ?? "0"),
    seq: depth.seq,
  };
}

/** USDT units as DOGE/USDT prices are served (5 decimals). */
const price = (units: bigint) => formatFixed(units / 10n, 5);

async function order(e: SpotEnv, id: string): Promise<SpotOrder> {
  const page = await e.app.inject({
    url: `${API_BASE}/spot/orders?limit=100`,
    headers: bearer(e.user),
  });
  const found = page.json<{ Data: ListPage<SpotOrder> }>().Data.items.find((o) => o.id === id);
  if (!found) throw new Error(`order ${id} not listed`);
  return found;
}

/** Straight from the table: the loop below asks after every step (the API is rate limited). */
async function statusOf(e: SpotEnv, id: string): Promise<string | undefined> {
  const [row] = await e.db.query<{ status: string }>(
    "SELECT status FROM spot_orders WHERE id = $1",
    [id],
  );
  return row?.status;
}

describe("limit orders", () => {
  it("freeze, rest until the book crosses, then fill at their own price with the maker fee", async () => {
    const e = env();
    const { db, app, market, matcher, user } = e;
    await fund(db, user.userId, "USDT", USDT("1000"));
    await fund(db, user.userId, "DOGE", COIN("5000"));
    await stepMarket(market, 1);
    const start = best(market);
    // A few price steps from the best opposite price: rests now, crosses once the price moves.
    const buyPrice = start.ask - 8n * STEP;
    const sellPrice = start.bid + 8n * STEP;
    const buy = await placeOrder(app, user, {
      symbol: SYMBOL,
      side: 0,
      type: 1,
      price: price(buyPrice),
      number: "1000",
    });
    const sell = await placeOrder(app, user, {
      symbol: SYMBOL,
      side: 1,
      type: 1,
      price: price(sellPrice),
      number: "2000",
    });
    expect(buy).toMatchObject({
      status: "open",
      price: price(buyPrice),
      filled: "0",
      avgPrice: null,
      fills: [],
    });
    const buyValue = buyPrice * 1000n; // USDT units (DOGE quantities are whole coins)
    const buyFee = ceilDiv(buyValue * 8n, 10_000n);
    const sellValue = sellPrice * 2000n;
    const sellFee = ceilDiv(sellValue * 8n, 10_000n);
    let balance = await balancesOf(db, user.userId);
    expect(balance("USDT")).toEqual({
      available: USDT("1000") - buyValue - buyFee,
      frozen: buyValue + buyFee,
    });
    expect(balance("DOGE")).toEqual({ available: COIN("3000"), frozen: COIN("2000") });
    await matcher.settled();
    expect(matcher.isOpen(buy.id) && matcher.isOpen(sell.id)).toBe(true);

    const filledAt = new Map<string, string>();
    for (let step = 0; step < 3000 && filledAt.size < 2; step += 1) {
      await stepMarket(market, 1);
      await matcher.settled();
      const now = best(market);
      for (const [o, crossed] of [
        [buy, now.ask <= buyPrice],
        [sell, now.bid >= sellPrice],
      ] as const) {
        if (filledAt.has(o.id)) continue;
        // Filled on exactly the first book that crosses it, never before.
        expect(await statusOf(e, o.id)).toBe(crossed ? "filled" : "open");
        if (crossed) filledAt.set(o.id, now.seq);
      }
    }
    expect(filledAt.size).toBe(2);
    const filledBuy = await order(e, buy.id);
    expect(filledBuy).toMatchObject({
      status: "filled",
      filled: "1000",
      avgPrice: price(buyPrice),
    });
    expect(filledBuy.fills).toEqual([
      {
        price: price(buyPrice),
        number: "1000",
        fee: formatUnits(buyFee, 6),
        depthSeq: filledAt.get(buy.id),
        tickSeq: filledAt.get(buy.id),
        liquidity: "maker",
        time: filledBuy.filledAt,
      },
    ]);
    expect((await order(e, sell.id)).fills[0]).toMatchObject({
      price: price(sellPrice),
      number: "2000",
    });

    balance = await balancesOf(db, user.userId);
    expect(balance("USDT")).toEqual({
      available: USDT("1000") - buyValue - buyFee + sellValue - sellFee,
      frozen: 0n,
    });
    expect(balance("DOGE")).toEqual({ available: COIN("4000"), frozen: 0n });
    const bills = await spotBills(db, user.userId);
    expect(bills.slice(0, 2)).toEqual([
      [315, "USDT", -(buyValue + buyFee)],
      [320, "DOGE", -COIN("2000")],
    ]);
    // The two fills, in whichever order the market crossed them.
    expect(bills.slice(2)).toEqual(
      expect.arrayContaining([
        [316, "USDT", -buyValue],
        [325, "USDT", -buyFee],
        [319, "DOGE", COIN("1000")],
        [321, "DOGE", -COIN("2000")],
        [324, "USDT", sellValue],
        [325, "USDT", -sellFee],
      ]),
    );
    expect(bills).toHaveLength(8);
    expect(matcher.isOpen(buy.id) || matcher.isOpen(sell.id)).toBe(false);
  });

  it("cancel returns exactly what was frozen, once; only the owner's open orders", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("50"));
    await fund(db, user.userId, "DOGE", COIN("100"));
    await stepMarket(market, 1);
    const { bid, ask } = best(market);
    const buy = await placeOrder(app, user, {
      symbol: SYMBOL,
      side: 0,
      type: 1,
      price: price(bid - 100n * STEP),
      number: "200",
    });
    const sell = await placeOrder(app, user, {
      symbol: SYMBOL,
      side: 1,
      type: 1,
      price: price(ask + 100n * STEP),
      number: "100",
    });
    const other = await createUserSession(db);
    expect((await cancelOrder(app, other, buy.id)).statusCode).toBe(404);
    expect((await cancelOrder(app, user, "999999")).statusCode).toBe(404);

    const open = await app.inject({
      url: `${API_BASE}/spot/orders?status=open`,
      headers: bearer(user),
    });
    expect(open.json<{ Data: ListPage<SpotOrder> }>().Data.items.map((o) => o.id)).toEqual([
      sell.id,
      buy.id,
    ]);
    for (const o of [buy, sell]) {
      const cancelled = await cancelOrder(app, user, o.id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<{ Data: SpotOrder }>().Data).toMatchObject({
        id: o.id,
        status: "cancelled",
        fills: [],
        cancelledAt: expect.any(String),
      });
      const again = await cancelOrder(app, user, o.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        Code: "CONFLICT",
        Message: "This order is already cancelled; only an open order can be cancelled",
      });
    }
    const balance = await balancesOf(db, user.userId);
    expect(balance("USDT")).toEqual({ available: USDT("50"), frozen: 0n });
    expect(balance("DOGE")).toEqual({ available: COIN("100"), frozen: 0n });
    const frozen = (await spotBills(db, user.userId))[0]?.[2] ?? 0n;
    expect(await spotBills(db, user.userId)).toEqual([
      [315, "USDT", frozen],
      [320, "DOGE", -COIN("100")],
      [317, "USDT", -frozen],
      [322, "DOGE", COIN("100")],
    ]);
    const done = await app.inject({
      url: `${API_BASE}/spot/orders?status=done&limit=1`,
      headers: bearer(user),
    });
    expect(done.json<{ Data: ListPage<SpotOrder> }>().Data).toMatchObject({
      items: [{ id: sell.id, status: "cancelled" }],
      nextCursor: sell.id,
    });
    // A market order is never open: nothing to cancel.
    await fund(db, user.userId, "USDT", USDT("10"));
    const market0 = await placeOrder(app, user, { symbol: SYMBOL, side: 0, type: 0, number: "40" });
    expect((await cancelOrder(app, user, market0.id)).statusCode).toBe(409);
  });

  it("the schema refuses to end an order without ending its reservation", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("50"));
    await stepMarket(market, 1);
    const o = await placeOrder(app, user, {
      symbol: SYMBOL,
      side: 0,
      type: 1,
      price: price(best(market).bid),
      number: "100",
    });
    await expect(
      db.query("UPDATE spot_orders SET status = 'cancelled', cancelled_at = now() WHERE id = $1", [
        o.id,
      ]),
    ).rejects.toThrow(/is cancelled but its reservation \d+ is open/);
    await expect(
      db.query("UPDATE spot_orders SET price = price + 1 WHERE id = $1", [o.id]),
    ).rejects.toThrow(/only its status may change/);
    expect((await order(env(), o.id)).status).toBe("open");
  });
});
