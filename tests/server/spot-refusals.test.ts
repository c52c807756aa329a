// Every refused spot order answers a clear error and changes nothing (no order, bill, posting,
// change-log entry or stored answer): bad input field by field, too little money, below the
// minimum, no Idempotency-Key or token, and a market
// without a live book or with a price older than 5 s.
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { parseAmount } from "../../server/domain/ledger/amounts";
import { fund, postOrder, spotSnapshot, stepMarket } from "./helpers/spot";
import { useSpotApp } from "./helpers/spot-app";

const env = useSpotApp("spot-refusals");
const USDT = (s: string) => parseAmount(s, 6, "usdt");
const COIN = (s: string) => parseAmount(s, 8, "coin");

const btc = { symbol: "BTC/USDT", side: 0, type: 0 };
const limit = { symbol: "BTC/USDT", side: 0, type: 1 };
const BELOW = "100.00"; // far below any bid

describe("POST /spot/orders refusals", () => {
  it.each([
    [{ ...btc }, 400, "VALIDATION", "Please enter the amount"],
    [{ ...btc, number: "" }, 400, "VALIDATION", "Please enter the amount"],
    [{ ...btc, number: "0" }, 400, "VALIDATION", 'Invalid body: "number" must be greater than 0'],
    [
      { ...btc, number: "0.00000" },
      400,
      "VALIDATION",
      'Invalid body: "number" must be greater than 0',
    ],
    [
      { ...btc, number: "-1" },
      400,
      "VALIDATION",
      'Invalid body: "number" must be a positive decimal number such as "100.5"',
    ],
    [
      { ...btc, number: 1 },
      400,
      "VALIDATION",
      'Invalid body: "number" must be a decimal string such as "100.5"',
    ],
    [
      { ...btc, number: "0.000001" },
      400,
      "VALIDATION",
      'Invalid body: "number" must be a multiple of 0.00001, the quantity step of BTC/USDT',
    ],
    [
      { ...limit, number: "1", price: "30000.001" },
      400,
      "VALIDATION",
      'Invalid body: "price" must be a multiple of 0.01, the price step of BTC/USDT',
    ],
    [{ ...limit, number: "1" }, 400, "VALIDATION", 'Invalid body: a limit order needs a "price"'],
    [
      { ...limit, number: "1", price: "0" },
      400,
      "VALIDATION",
      'Invalid body: "price" must be greater than 0',
    ],
    [
      { ...btc, number: "1", price: "60000" },
      400,
      "VALIDATION",
      'Invalid body: a market order has no "price"; it fills at the book\'s price (send type 1 for a limit order)',
    ],
    [
      { ...btc, symbol: "FOO/USDT", number: "1" },
      400,
      "VALIDATION",
      'Invalid body: "symbol" must be a listed symbol such as "BTC/USDT"',
    ],
    [
      { side: 0, type: 0, number: "1" },
      400,
      "VALIDATION",
      'Invalid body: "symbol" is required, e.g. "BTC/USDT"',
    ],
    [
      { ...btc, side: 2, number: "1" },
      400,
      "VALIDATION",
      'Invalid body: "side" must be 0 (buy) or 1 (sell)',
    ],
    [
      { ...btc, type: "0", number: "1" },
      400,
      "VALIDATION",
      'Invalid body: "type" must be 0 (market) or 1 (limit)',
    ],
    // 100 USDT buys ~0.0015 BTC; 1 BTC needs ~67,000.
    [{ ...btc, number: "1" }, 422, "INSUFFICIENT_BALANCE", "Insufficient available balance"],
    [
      { ...limit, number: "0.02", price: "9000.00" },
      422,
      "INSUFFICIENT_BALANCE",
      "Insufficient available balance",
    ],
    // Selling ETH the user does not have.
    [
      { ...btc, symbol: "ETH/USDT", side: 1, number: "0.5" },
      422,
      "INSUFFICIENT_BALANCE",
      "Insufficient available balance",
    ],
    [
      { ...limit, number: "0.0001", price: BELOW },
      422,
      "BELOW_MINIMUM",
      "Not less than the minimum amount: an order's value (price × number) must be at least 5 USDT",
    ],
    [
      { ...btc, number: "0.00001" },
      422,
      "BELOW_MINIMUM",
      "Not less than the minimum amount: an order's value (price × number) must be at least 5 USDT",
    ],
  ])("refuses %j with %i %s and changes nothing", async (body, status, code, message) => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await fund(db, user.userId, "BTC", COIN("0.001"));
    await stepMarket(market, 1);
    const before = await spotSnapshot(db);
    const response = await postOrder(app, user, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ HttpStatusCode: status, Code: code, Message: message });
    expect(await spotSnapshot(db)).toEqual(before);
  });

  it("needs an Idempotency-Key and a token", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    const before = await spotSnapshot(db);
    const noKey = await postOrder(app, user, { ...btc, number: "0.0001" }, null);
    expect(noKey.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/spot/orders`,
      headers: { "idempotency-key": "k" },
      payload: { ...btc, number: "0.0001" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await spotSnapshot(db)).toEqual(before);
  });

  it("refuses orders while there is no book or the last price is older than 5 s (503)", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    const before = await spotSnapshot(db);
    const noBook = await postOrder(app, user, { ...btc, number: "0.0001" });
    expect(noBook.statusCode).toBe(503);
    expect(noBook.json()).toMatchObject({
      Code: "MARKET_STALE",
      Message:
        "There is no live order book for BTC/USDT yet; orders open once the market feed runs",
    });
    // The feed's last step was 10 s ago.
    market.source.emit(Date.now() - 10_000);
    await market.feed.flush();
    const mid = await spotSnapshot(db);
    for (const body of [
      { ...btc, number: "0.0001" },
      { ...limit, number: "0.0001", price: "60000.00" },
    ]) {
      const stale = await postOrder(app, user, body);
      expect(stale.statusCode).toBe(503);
      expect(stale.json<{ Code: string; Message: string }>()).toMatchObject({
        Code: "MARKET_STALE",
      });
      expect(stale.json<{ Message: string }>().Message).toMatch(
        /^The last price of BTC\/USDT is 1\d s old \(more than 5 s\): orders are refused until the market feed is live again$/,
      );
    }
    expect(await spotSnapshot(db)).toEqual(mid);
    expect(mid).toMatchObject({ orders: before.orders, bills: before.bills });
    // Live again: the same order goes through.
    await stepMarket(market, 1);
    expect((await postOrder(app, user, { ...btc, number: "0.0001" })).statusCode).toBe(200);
  });
});
