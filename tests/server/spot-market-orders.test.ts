// Market orders on the real app (PGlite) against a live seeded book: each moves exactly what its
// fill says per asset, with bills 316 + 318 (buy) and 321 + 323 (sell); the fill names the book
// and tick it used, and that tick is kept; a book too thin is stored "rejected" with nothing
// moved; a replayed Idempotency-Key answers the same order; the change log carries the order.
import { describe, expect, it } from "vitest";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import type { SpotConfig, SpotOrder } from "../../protocol/spot";
import { parseAmount } from "../../server/domain/ledger/amounts";
import { bearer } from "./helpers/sessions";
import {
  balancesOf,
  fund,
  placeOrder,
  postOrder,
  spotBills,
  spotSnapshot,
  stepMarket,
} from "./helpers/spot";
import { useSpotApp } from "./helpers/spot-app";
import { syncAll } from "./helpers/sync";

const env = useSpotApp("spot-market-orders");
const USDT = (s: string) => parseAmount(s, 6, "usdt");
const COIN = (s: string) => parseAmount(s, 8, "coin");
/** The exact value of price × number in USDT units × 10^8 (price string, number string). */
const value = (price: string, number: string) => USDT(price) * COIN(number);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

describe("GET /spot/config", () => {
  it("publishes the fees, the cap, the price age and each symbol's steps without a token", async () => {
    const response = await env().app.inject({ url: `${API_BASE}/spot/config` });
    expect(response.statusCode).toBe(200);
    const config = response.json<{ Data: SpotConfig }>().Data;
    expect(config).toMatchObject({
      takerFeeRate: "0.001",
      makerFeeRate: "0.0008",
      maxSlippage: "0.05",
      maxPriceAgeSeconds: 5,
    });
    expect(config.symbols).toHaveLength(12);
    expect(config.symbols.find((s) => s.symbol === "BTC/USDT")).toEqual({
      symbol: "BTC/USDT",
      base: "BTC",
      quote: "USDT",
      priceStep: "0.01",
      qtyStep: "0.00001",
      minQty: "0.00001",
      minNotional: "5",
    });
    expect(config.symbols.find((s) => s.symbol === "DOGE/USDT")).toMatchObject({
      priceStep: "0.00001",
      qtyStep: "1",
    });
  });
});

describe("market orders", () => {
  it("a buy walks the asks and moves notional + taker fee out and the coin in (316, 318)", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100000"));
    await stepMarket(market, 3);
    const depth = market.feed.depth("BTC/USDT", 100);
    if (!depth) throw new Error("no book");
    const order = await placeOrder(app, user, {
      symbol: "BTC/USDT",
      side: 0,
      type: 0,
      number: "0.5",
    });
    expect(order).toMatchObject({
      symbol: "BTC/USDT",
      side: 0,
      type: 0,
      price: null,
      number: "0.50000",
      filled: "0.50000",
      status: "filled",
      reason: null,
      cancelledAt: null,
    });
    const [fill] = order.fills;
    if (!fill) throw new Error("no fill");
    expect(order.avgPrice).toBe(fill.price);
    // The price lies between the best ask and the deepest ask the walk could reach.
    const asks = depth.asks.map(([p]) => USDT(p));
    expect(USDT(fill.price) >= (asks[0] ?? 0n)).toBe(true);
    expect(USDT(fill.price) <= (asks.at(-1) ?? 0n)).toBe(true);
    expect(fill).toMatchObject({ number: "0.50000", depthSeq: depth.seq, tickSeq: depth.seq });
    const notional = ceilDiv(value(fill.price, "0.5"), 10n ** 8n);
    const fee = ceilDiv(value(fill.price, "0.5"), 1000n * 10n ** 8n);
    expect(USDT(fill.fee)).toBe(fee);
    expect(order.fee).toBe(fill.fee);

    const balance = await balancesOf(db, user.userId);
    expect(balance("USDT")).toEqual({ available: USDT("100000") - notional - fee, frozen: 0n });
    expect(balance("BTC")).toEqual({ available: COIN("0.5"), frozen: 0n });
    expect(await spotBills(db, user.userId)).toEqual([
      [316, "USDT", -(notional + fee)],
      [318, "BTC", COIN("0.5")],
    ]);
    // The tick the fill used is recorded and kept from pruning.
    const [tick] = await db.query<{ kept: boolean }>(
      "SELECT kept FROM ticks WHERE symbol = 'BTC/USDT' AND seq = $1",
      [fill.tickSeq],
    );
    expect(tick).toEqual({ kept: true });
  });

  it("a sell walks the bids and moves the coin out and notional − fee in (321, 323)", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "ETH", COIN("3"));
    await stepMarket(market, 2);
    const depth = market.feed.depth("ETH/USDT", 100);
    const order = await placeOrder(app, user, {
      symbol: "ETH/USDT",
      side: 1,
      type: 0,
      number: "2.5",
    });
    const [fill] = order.fills;
    if (!fill || !depth) throw new Error("no fill or book");
    expect(order.status).toBe("filled");
    expect(USDT(fill.price) <= USDT(depth.bids[0]?.[0] ?? "0")).toBe(true);
    expect(USDT(fill.price) >= USDT(depth.bids.at(-1)?.[0] ?? "0")).toBe(true);
    const notional = value(fill.price, "2.5") / 10n ** 8n; // a credit rounds down
    const fee = ceilDiv(value(fill.price, "2.5"), 1000n * 10n ** 8n);
    expect(USDT(fill.fee)).toBe(fee);
    const balance = await balancesOf(db, user.userId);
    expect(balance("ETH")).toEqual({ available: COIN("0.5"), frozen: 0n });
    expect(balance("USDT")).toEqual({ available: notional - fee, frozen: 0n });
    expect(await spotBills(db, user.userId)).toEqual([
      [321, "ETH", -COIN("2.5")],
      [323, "USDT", notional - fee],
    ]);
  });

  it("stores an order the book cannot fill as rejected with its reason and moves nothing", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    const before = await balancesOf(db, user.userId);
    const order = await placeOrder(app, user, {
      symbol: "BTC/USDT",
      side: 0,
      type: 0,
      number: "1000",
    });
    expect(order).toMatchObject({ status: "rejected", filled: "0", fee: "0", fills: [] });
    expect(order.reason).toMatch(
      /^The order book holds only [0-9.]+ BTC on the ask side; this order needs 1000\.00000$/,
    );
    expect(order.reasonCode).toBe("BOOK_TOO_THIN");
    expect(order.reasonParams).toMatchObject({ base: "BTC", side: "ask", needed: "1000.00000" });
    expect((await balancesOf(db, user.userId))("USDT")).toEqual(before("USDT"));
    expect(await spotBills(db, user.userId)).toEqual([]);
    const done = await app.inject({
      url: `${API_BASE}/spot/orders?status=done`,
      headers: bearer(user),
    });
    expect(done.json<{ Data: ListPage<SpotOrder> }>().Data.items).toEqual([order]);
  });

  it("answers a replayed Idempotency-Key with the same order, once; another body is 409", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 1);
    const body = { symbol: "SOL/USDT", side: 0, type: 0, number: "1.5" };
    const first = await postOrder(app, user, body, "same-key");
    expect(first.statusCode, first.body).toBe(200);
    await stepMarket(market, 2); // the book moved; the replay must not trade again
    const before = await spotSnapshot(db);
    const replay = await postOrder(app, user, { ...body, number: "1.50" }, "same-key");
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await postOrder(app, user, { ...body, number: "2" }, "same-key");
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });
    expect(await spotSnapshot(db)).toEqual(before);
    expect(await spotBills(db, user.userId)).toHaveLength(2);
  });

  it("puts every order in the change log as GET /spot/orders answers it", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 1);
    const order = await placeOrder(app, user, {
      symbol: "LINK/USDT",
      side: 0,
      type: 0,
      number: "2",
    });
    const { changes } = await syncAll(app, user);
    expect(changes.filter((c) => c.entity === "spot-order")).toEqual([
      { entity: "spot-order", id: order.id, op: "put", data: order },
    ]);
    const list = await app.inject({ url: `${API_BASE}/spot/orders`, headers: bearer(user) });
    expect(list.json<{ Data: ListPage<SpotOrder> }>().Data).toEqual({
      items: [order],
      nextCursor: null,
    });
  });
});
