// A limit price the book already crosses fills at once as a taker, up to that price, as on every
// exchange: it walks only the levels at or better than the limit, pays their volume-weighted
// price (rounded toward the house, never past the limit) and the taker fee, from available like
// a market order (316 + 318, 321 + 323; no reservation), and its fill says "taker". When those
// levels hold less than the whole number it rests at its limit like any limit order (315), and
// the matcher fills it whole at its own price as a maker.
import { describe, expect, it } from "vitest";
import type { DepthLevel } from "../../protocol/market";
import { parseAmount } from "../../server/domain/ledger/amounts";
import { formatFixed, formatUnits } from "../../protocol/decimal";
import {
  balancesOf,
  fund,
  placeOrder,
  postOrder,
  spotBills,
  spotSnapshot,
  stepMarket,
} from "./helpers/spot";
import { useSpotApp, type SpotEnv } from "./helpers/spot-app";

const env = useSpotApp("spot-taker-limits");
const USDT = (s: string) => parseAmount(s, 6, "usdt");
const COIN = (s: string) => parseAmount(s, 8, "coin");
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
/** BTC/USDT: price step 0.01 USDT = 10 000 units; quantity step 0.00001 BTC = 1 000 units. */
const PRICE_STEP = 10_000n;
const QTY_STEP = 1_000n;
const btcPrice = (units: bigint) => formatFixed(units / PRICE_STEP, 2);
const btcQty = (units: bigint) => formatFixed(units / QTY_STEP, 5);

function book(e: SpotEnv) {
  const depth = e.market.feed.depth("BTC/USDT", 100);
  if (!depth) throw new Error("no book");
  const units = (levels: DepthLevel[]) => levels.map(([p, q]) => ({ p: USDT(p), q: COIN(q) }));
  return { depth, asks: units(depth.asks), bids: units(depth.bids) };
}

describe("limit orders the book already crosses", () => {
  it("a buy walks the asks up to its limit and fills at once as a taker (316, 318)", async () => {
    const e = env();
    await fund(e.db, e.user.userId, "USDT", USDT("1000000"));
    await stepMarket(e.market, 2);
    const { depth, asks } = book(e);
    const [a0, a1, a2] = asks;
    if (!a0 || !a1 || !a2) throw new Error("a thin book");
    // Exactly the first two levels, with the limit at the second: the third is out of reach.
    const number = a0.q + a1.q;
    const order = await placeOrder(e.app, e.user, {
      symbol: "BTC/USDT",
      side: 0,
      type: 1,
      price: btcPrice(a1.p),
      number: btcQty(number),
    });
    const value = a0.p * a0.q + a1.p * a1.q;
    const expected = ceilDiv(value, PRICE_STEP * number) * PRICE_STEP;
    expect(order).toMatchObject({
      type: 1,
      price: btcPrice(a1.p),
      status: "filled",
      filled: btcQty(number),
      avgPrice: btcPrice(expected),
    });
    expect(expected <= a1.p && expected >= a0.p).toBe(true);
    const [fill] = order.fills;
    expect(fill).toMatchObject({ liquidity: "taker", depthSeq: depth.seq });
    const notional = ceilDiv(expected * number, 10n ** 8n);
    const fee = ceilDiv(expected * number, 1000n * 10n ** 8n);
    // Fees are served as USDT amounts without trailing zeros ("1.96392", not "1.963920").
    expect(order.fee).toBe(formatUnits(fee, 6));
    expect(await spotBills(e.db, e.user.userId)).toEqual([
      [316, "USDT", -(notional + fee)],
      [318, "BTC", number],
    ]);
    const balance = await balancesOf(e.db, e.user.userId);
    expect(balance("USDT")).toEqual({ available: USDT("1000000") - notional - fee, frozen: 0n });
    const [row] = await e.db.query<{ levels: DepthLevel[]; reservation_id: string | null }>(
      `SELECT f.levels, o.reservation_id FROM spot_fills f JOIN spot_orders o ON o.id = f.order_id
        WHERE o.id = $1`,
      [order.id],
    );
    expect(row).toEqual({ levels: depth.asks.slice(0, 2), reservation_id: null });
  });

  it("a sell walks the bids down to its limit and fills at once as a taker (321, 323)", async () => {
    const e = env();
    await fund(e.db, e.user.userId, "BTC", COIN("100"));
    await stepMarket(e.market, 2);
    const { bids } = book(e);
    const [b0, b1] = bids;
    if (!b0 || !b1) throw new Error("a thin book");
    // All of the best level and part of the second, limit at the second.
    const number = b0.q + QTY_STEP;
    const order = await placeOrder(e.app, e.user, {
      symbol: "BTC/USDT",
      side: 1,
      type: 1,
      price: btcPrice(b1.p),
      number: btcQty(number),
    });
    const value = b0.p * b0.q + b1.p * QTY_STEP;
    const expected = (value / (PRICE_STEP * number)) * PRICE_STEP;
    expect(order).toMatchObject({ status: "filled", avgPrice: btcPrice(expected) });
    expect(expected >= b1.p).toBe(true);
    expect(order.fills[0]?.liquidity).toBe("taker");
    const notional = (expected * number) / 10n ** 8n;
    const fee = ceilDiv(expected * number, 1000n * 10n ** 8n);
    expect(await spotBills(e.db, e.user.userId)).toEqual([
      [321, "BTC", -number],
      [323, "USDT", notional - fee],
    ]);
  });

  it("a limit far through the book pays the book's price, not its own", async () => {
    const e = env();
    await fund(e.db, e.user.userId, "USDT", USDT("100"));
    await stepMarket(e.market, 1);
    const { asks } = book(e);
    const order = await placeOrder(e.app, e.user, {
      symbol: "BTC/USDT",
      side: 0,
      type: 1,
      price: "1000000.00",
      number: "0.0001",
    });
    expect(order.status).toBe("filled");
    expect(order.avgPrice).toBe(btcPrice(asks[0]?.p ?? 0n));
  });

  it("rests whole at its limit when the levels within it are too thin, then fills as a maker", async () => {
    const e = env();
    await fund(e.db, e.user.userId, "USDT", USDT("1000000"));
    await stepMarket(e.market, 2);
    const { asks } = book(e);
    const [a0] = asks;
    if (!a0) throw new Error("a thin book");
    // One step more than the best level holds, limit at the best ask.
    const number = a0.q + QTY_STEP;
    const order = await placeOrder(e.app, e.user, {
      symbol: "BTC/USDT",
      side: 0,
      type: 1,
      price: btcPrice(a0.p),
      number: btcQty(number),
    });
    expect(order).toMatchObject({ status: "open", fills: [] });
    const notional = ceilDiv(a0.p * number, 10n ** 8n);
    const makerFee = ceilDiv(a0.p * number * 8n, 10_000n * 10n ** 8n);
    // The matcher fills it whole at its own price on a book whose best ask reaches it: the book
    // it was placed on already does, so that is at once after the placement commits.
    await e.matcher.settled();
    for (let i = 0; i < 30 && (await status(e, order.id)) === "open"; i += 1) {
      await stepMarket(e.market, 1);
      await e.matcher.settled();
    }
    const [fill] = await e.db.query<{ liquidity: string; price: string }>(
      "SELECT liquidity, price::text FROM spot_fills WHERE order_id = $1",
      [order.id],
    );
    expect(await spotBills(e.db, e.user.userId)).toEqual([
      [315, "USDT", -(notional + makerFee)],
      [316, "USDT", -notional],
      [325, "USDT", -makerFee],
      [319, "BTC", number],
    ]);
    expect(fill).toEqual({ liquidity: "maker", price: a0.p.toString() });
  });

  it("refuses a taker limit the user cannot pay for and changes nothing", async () => {
    const e = env();
    await fund(e.db, e.user.userId, "USDT", USDT("5"));
    await stepMarket(e.market, 1);
    const before = await spotSnapshot(e.db);
    const response = await postOrder(e.app, e.user, {
      symbol: "BTC/USDT",
      side: 0,
      type: 1,
      price: "1000000.00",
      number: "0.001",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ Code: "INSUFFICIENT_BALANCE" });
    expect(await spotSnapshot(e.db)).toEqual(before);
  });
});

async function status(e: SpotEnv, id: string): Promise<string | undefined> {
  const [row] = await e.db.query<{ status: string }>(
    "SELECT status FROM spot_orders WHERE id = $1",
    [id],
  );
  return row?.status;
}
