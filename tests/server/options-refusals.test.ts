// Every refused option answers a clear error and changes nothing (no order, bill, posting,
// change-log entry or stored answer): bad input field by field, out of the product's range, too
// little money, no Idempotency-Key or token, and a feed that is not live.
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { parseAmount } from "../../server/domain/ledger/amounts";
import { optionsSnapshot, postOptionsOrder, useOptionsApp } from "./helpers/options";
import { createUserSession } from "./helpers/sessions";
import { fund, stepMarket } from "./helpers/spot";

const env = useOptionsApp("options-refusals");
const USDT = (s: string) => parseAmount(s, 6, "usdt");
const good = { symbol: "BTC/USDT", direction: "up", seconds: 60, amount: "10" };

describe("POST /options/orders refusals", () => {
  it.each([
    [
      { ...good, symbol: undefined },
      400,
      "symbol",
      'Invalid body: "symbol" is required, e.g. "BTC/USDT"',
    ],
    [
      { ...good, symbol: "FOO/USDT" },
      400,
      "symbol",
      'Invalid body: "symbol" must be a listed symbol such as "BTC/USDT"',
    ],
    [
      { ...good, symbol: "btc/usdt" },
      400,
      "symbol",
      'Invalid body: "symbol" must be a listed symbol such as "BTC/USDT"',
    ],
    [
      { ...good, direction: undefined },
      400,
      "direction",
      'Invalid body: "direction" is required: "up" or "down"',
    ],
    [
      { ...good, direction: "rise" },
      400,
      "direction",
      'Invalid body: "direction" must be "up" or "down"',
    ],
    [
      { ...good, direction: 0 },
      400,
      "direction",
      'Invalid body: "direction" must be "up" or "down"',
    ],
    [
      { ...good, seconds: undefined },
      400,
      "seconds",
      'Invalid body: "seconds" is required: one of 30, 60, 120, 300',
    ],
    [
      { ...good, seconds: 45 },
      400,
      "seconds",
      'Invalid body: "seconds" must be the number of seconds of an offered product: 30, 60, 120, 300',
    ],
    [
      { ...good, seconds: "60" },
      400,
      "seconds",
      'Invalid body: "seconds" must be the number of seconds of an offered product: 30, 60, 120, 300',
    ],
    [
      { ...good, seconds: 60.5 },
      400,
      "seconds",
      'Invalid body: "seconds" must be the number of seconds of an offered product: 30, 60, 120, 300',
    ],
    [{ ...good, amount: undefined }, 400, "amount", "Please enter the amount"],
    [{ ...good, amount: "" }, 400, "amount", "Please enter the amount"],
    [
      { ...good, amount: 10 },
      400,
      "amount",
      'Invalid body: "amount" must be a decimal string such as "100.5"',
    ],
    [
      { ...good, amount: "-10" },
      400,
      "amount",
      'Invalid body: "amount" must be a positive decimal number such as "100.5"',
    ],
    [
      { ...good, amount: "1e2" },
      400,
      "amount",
      'Invalid body: "amount" must be a positive decimal number such as "100.5"',
    ],
    [
      { ...good, amount: " 10" },
      400,
      "amount",
      'Invalid body: "amount" must be a positive decimal number such as "100.5"',
    ],
    [{ ...good, amount: "0" }, 400, "amount", 'Invalid body: "amount" must be greater than 0'],
    [
      { ...good, amount: "10.0000001" },
      400,
      "amount",
      'Invalid body: "amount" has more than 6 decimal places',
    ],
    [
      { ...good, amount: "0.99" },
      400,
      "amount",
      "Not less than the minimum amount: a 60 s option's stake is at least 1 USDT",
    ],
    [
      { ...good, amount: "10000.000001" },
      400,
      "amount",
      "Not more than the maximum amount: a 60 s option's stake is at most 10000 USDT",
    ],
  ])("refuses %j with %i naming %s and changes nothing", async (body, status, field, message) => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    const before = await optionsSnapshot(db);
    const response = await postOptionsOrder(app, user, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({
      HttpStatusCode: status,
      Code: "VALIDATION",
      Message: message,
      Params: { field },
    });
    expect(await optionsSnapshot(db)).toEqual(before);
  });

  it("names the bound of the product's range", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    const low = await postOptionsOrder(app, user, { ...good, amount: "0.5" });
    expect(low.json()).toMatchObject({ Params: { field: "amount", rule: "at-least", limit: "1" } });
    const high = await postOptionsOrder(app, user, { ...good, amount: "20000" });
    expect(high.json()).toMatchObject({
      Params: { field: "amount", rule: "at-most", limit: "10000" },
    });
  });

  it("refuses stake plus fee beyond the available balance (422) and changes nothing", async () => {
    const { db, app, market, user } = env();
    // 10 USDT buys a 10 USDT stake only with its 0.1 fee on top: 10.1 is needed.
    await fund(db, user.userId, "USDT", USDT("10"));
    await stepMarket(market, 1);
    const before = await optionsSnapshot(db);
    const response = await postOptionsOrder(app, user, good);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      Code: "INSUFFICIENT_BALANCE",
      Message: "Insufficient available balance",
      Params: { asset: "USDT", available: "10", needed: "10.1" },
    });
    expect(await optionsSnapshot(db)).toEqual(before);
    // A user who never had money is refused the same way.
    const broke = await createUserSession(db);
    const none = await postOptionsOrder(app, broke, good);
    expect(none.json()).toMatchObject({ Code: "INSUFFICIENT_BALANCE" });
  });

  it("needs an Idempotency-Key and a token", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    await stepMarket(market, 1);
    const before = await optionsSnapshot(db);
    const noKey = await postOptionsOrder(app, user, good, null);
    expect(noKey.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/options/orders`,
      headers: { "idempotency-key": "k" },
      payload: good,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await optionsSnapshot(db)).toEqual(before);
  });

  it("refuses orders without a live price (503) and takes them once the feed is live", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100"));
    const before = await optionsSnapshot(db);
    const noPrice = await postOptionsOrder(app, user, good);
    expect(noPrice.statusCode).toBe(503);
    expect(noPrice.json()).toMatchObject({
      Code: "MARKET_STALE",
      Params: { symbol: "BTC/USDT" },
      Message: "There is no live price for BTC/USDT yet; orders open once the market feed runs",
    });
    // The feed's last step was 10 s ago.
    market.source.emit(Date.now() - 10_000);
    await market.feed.flush();
    const mid = await optionsSnapshot(db);
    const stale = await postOptionsOrder(app, user, good);
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toMatchObject({
      Code: "MARKET_STALE",
      Params: { symbol: "BTC/USDT", maxSeconds: 5 },
    });
    expect(stale.json<{ Message: string }>().Message).toMatch(
      /^The last price of BTC\/USDT is 1\d s old \(more than 5 s\): orders are refused until the market feed is live again$/,
    );
    expect(await optionsSnapshot(db)).toEqual(mid);
    expect(mid).toMatchObject({ orders: before.orders, bills: before.bills });
    // Without any feed attached (before the market runs) it is the same refusal.
    app.market.detach();
    const detached = await postOptionsOrder(app, user, good);
    expect(detached.json()).toMatchObject({ Code: "MARKET_STALE" });
    app.market.attach(market.feed);
    // Live again: the same order goes through.
    await stepMarket(market, 1);
    expect((await postOptionsOrder(app, user, good)).statusCode).toBe(200);
  });
});
