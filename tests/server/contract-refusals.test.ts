// Every refused contract order answers a clear error and changes nothing — no order, bill,
// posting, reservation, change-log entry, kept tick or stored answer: bad input field by field
// (400 VALIDATION naming it), a value under the minimum, a limit the book already crosses, targets
// on the wrong side of the entry or liquidation price, a book that cannot fill it, too little
// money, no key or token, and a feed that is not live. PGlite, and PostgreSQL when DATABASE_URL
// is set.
import { expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import {
  bookOf,
  closeContract,
  contractSnapshot,
  contractSuites,
  openContract,
  postContractOrder,
  units,
} from "./helpers/contract";
import { closeContractOrder } from "../../server/domain/contract/close-order";
import { placeContractOrder } from "../../server/domain/contract/place-order";
import { createUserSession } from "./helpers/sessions";
import { fund, stepMarket } from "./helpers/spot";

const USDT = (s: string) => units(s, 6);
const good = { symbol: "BTC/USDT", direction: "long", leverage: 10, quantity: "0.01", type: 0 };
/** A price in BTC's 0.01 steps from USDT units. */
const btcPrice = (u: bigint) => (Number(u / 10_000n) / 100).toFixed(2);
const OFFERED = "1, 2, 3, 5, 10, 20, 50";

contractSuites("contract order refusals", "contract-refusals", (env) => {
  it.each([
    [
      { ...good, symbol: undefined },
      "symbol",
      'Invalid body: "symbol" is required, e.g. "BTC/USDT"',
    ],
    [
      { ...good, symbol: "FOO/USDT" },
      "symbol",
      'Invalid body: "symbol" must be a listed symbol such as "BTC/USDT"',
    ],
    [
      { ...good, direction: undefined },
      "direction",
      'Invalid body: "direction" is required: "long" or "short"',
    ],
    [
      { ...good, direction: "up" },
      "direction",
      'Invalid body: "direction" must be "long" or "short"',
    ],
    [
      { ...good, leverage: undefined },
      "leverage",
      `Invalid body: "leverage" is required: one of ${OFFERED}`,
    ],
    [
      { ...good, leverage: 7 },
      "leverage",
      `Invalid body: "leverage" must be one of the offered leverages: ${OFFERED}`,
    ],
    [
      { ...good, leverage: "10" },
      "leverage",
      `Invalid body: "leverage" must be one of the offered leverages: ${OFFERED}`,
    ],
    [{ ...good, type: undefined }, "type", 'Invalid body: "type" must be 0 (market) or 1 (limit)'],
    [{ ...good, type: "0" }, "type", 'Invalid body: "type" must be 0 (market) or 1 (limit)'],
    [{ ...good, quantity: undefined }, "quantity", "Please enter the amount"],
    [
      { ...good, quantity: 0.01 },
      "quantity",
      'Invalid body: "quantity" must be a decimal string such as "100.5"',
    ],
    [
      { ...good, quantity: "-1" },
      "quantity",
      'Invalid body: "quantity" must be a positive decimal number such as "100.5"',
    ],
    [{ ...good, quantity: "0" }, "quantity", 'Invalid body: "quantity" must be greater than 0'],
    [
      { ...good, quantity: "0.000001" },
      "quantity",
      'Invalid body: "quantity" must be a multiple of 0.00001, the quantity step of BTC/USDT',
    ],
    [
      { ...good, price: "60000" },
      "price",
      'Invalid body: a market order has no "price"; it opens at the book\'s price (send type 1 for a limit order)',
    ],
    [{ ...good, type: 1 }, "price", 'Invalid body: a limit order needs a "price"'],
    [
      { ...good, type: 1, price: "60000.001" },
      "price",
      'Invalid body: "price" must be a multiple of 0.01, the price step of BTC/USDT',
    ],
    [
      { ...good, takeProfit: "lots" },
      "takeProfit",
      'Invalid body: "takeProfit" must be a positive decimal number such as "100.5"',
    ],
    [
      { ...good, stopLoss: 60000 },
      "stopLoss",
      'Invalid body: "stopLoss" must be a decimal string such as "100.5"',
    ],
  ])("refuses %j naming %s (400) and changes nothing", async (body, field, message) => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 1);
    const before = await contractSnapshot(db);
    const response = await postContractOrder(app, user, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      HttpStatusCode: 400,
      Code: "VALIDATION",
      Message: message,
      Params: { field },
    });
    expect(await contractSnapshot(db)).toEqual(before);
  });

  it("refuses a value under the minimum (422 BELOW_MINIMUM), market or limit", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 1);
    const before = await contractSnapshot(db);
    // 0.00005 BTC is about 3.4 USDT at the simulated price.
    for (const body of [
      { ...good, quantity: "0.00005" },
      { ...good, type: 1, price: "60000", quantity: "0.00008" }, // 4.8 USDT
    ]) {
      const response = await postContractOrder(app, user, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({
        Code: "BELOW_MINIMUM",
        Params: { asset: "USDT", minimum: "5" },
        Message:
          "Not less than the minimum amount: a position's value (price × quantity) must be at least 5 USDT",
      });
    }
    expect(await contractSnapshot(db)).toEqual(before);
    // Exactly 5 USDT is enough.
    const five = await postContractOrder(app, user, {
      ...good,
      type: 1,
      price: "50000",
      quantity: "0.0001",
    });
    expect(five.statusCode, five.body).toBe(200);
  });

  it("refuses a limit order the book already crosses (422 LIMIT_WOULD_FILL)", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 1);
    const book = bookOf(market, "BTC/USDT");
    const [ask] = book.asks[0] ?? [];
    const [bid] = book.bids[0] ?? [];
    const before = await contractSnapshot(db);
    const long = await postContractOrder(app, user, { ...good, type: 1, price: ask });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({
      Code: "LIMIT_WOULD_FILL",
      Params: { side: "ask", best: ask },
      Message: `The best ask ${ask} already reaches this limit price; a market order fills at the better price`,
    });
    const higher = btcPrice(USDT(ask ?? "0") + USDT("100"));
    const above = await postContractOrder(app, user, { ...good, type: 1, price: higher });
    expect(above.json()).toMatchObject({ Code: "LIMIT_WOULD_FILL", Params: { best: ask } });
    const short = await postContractOrder(app, user, {
      ...good,
      direction: "short",
      type: 1,
      price: btcPrice(USDT(bid ?? "0") - USDT("1")),
    });
    expect(short.json()).toMatchObject({
      Code: "LIMIT_WOULD_FILL",
      Params: { side: "bid", best: bid },
    });
    expect(await contractSnapshot(db)).toEqual(before);
  });

  it("refuses targets on the wrong side of the entry or liquidation price (422 TARGET_INVALID)", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 1);
    const before = await contractSnapshot(db);
    // A market long: its take-profit under any entry the book can give.
    const lowProfit = await postContractOrder(app, user, { ...good, takeProfit: "1000.00" });
    expect(lowProfit.statusCode).toBe(422);
    expect(lowProfit.json()).toMatchObject({
      Code: "TARGET_INVALID",
      Params: { field: "takeProfit", side: "above", reference: "entry" },
    });
    expect(lowProfit.json<{ Message: string }>().Message).toMatch(
      /^The take-profit of a long must be above its entry price \d+\.\d{2}$/,
    );
    // A 10× limit long at 60,000 liquidates at 60,000 × 0.905 = 54,300: a stop-loss there is
    // reached only after the liquidation.
    const limit = { ...good, type: 1, price: "60000" };
    const atLiquidation = await postContractOrder(app, user, { ...limit, stopLoss: "54300" });
    expect(atLiquidation.json()).toMatchObject({
      Code: "TARGET_INVALID",
      Params: { field: "stopLoss", side: "above", reference: "liquidation", limit: "54300.00" },
      Message: "The stop-loss of a long must be above its liquidation price 54300.00",
    });
    const aboveEntry = await postContractOrder(app, user, { ...limit, stopLoss: "60000" });
    expect(aboveEntry.json()).toMatchObject({
      Params: { field: "stopLoss", side: "below", reference: "entry", limit: "60000.00" },
    });
    // A short mirrored: 80,000 × 1.095 = 87,600.
    const short = { ...limit, direction: "short", price: "80000" };
    const shortLoss = await postContractOrder(app, user, { ...short, stopLoss: "90000" });
    expect(shortLoss.json()).toMatchObject({
      Params: { field: "stopLoss", side: "below", reference: "liquidation", limit: "87600.00" },
    });
    const shortProfit = await postContractOrder(app, user, { ...short, takeProfit: "80000.01" });
    expect(shortProfit.json()).toMatchObject({
      Params: { field: "takeProfit", side: "below", reference: "entry", limit: "80000.00" },
    });
    expect(await contractSnapshot(db)).toEqual(before);
    // Inside the range both are accepted.
    const fine = await postContractOrder(app, user, {
      ...limit,
      stopLoss: "54300.01",
      takeProfit: "60000.01",
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("refuses margin + fee beyond the available balance (422), market and limit alike", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10"));
    await stepMarket(market, 1);
    const before = await contractSnapshot(db);
    // A 1× limit long of 0.01 at 60,000: margin 600, fee 0.3.
    const limit = await postContractOrder(app, user, {
      ...good,
      leverage: 1,
      type: 1,
      price: "60000",
    });
    expect(limit.statusCode).toBe(422);
    expect(limit.json()).toMatchObject({
      Code: "INSUFFICIENT_BALANCE",
      Message: "Insufficient available balance",
      Params: { asset: "USDT", available: "10", needed: "600.3" },
    });
    // At market the same: the margin and the fee of the book's price.
    const marketOrder = await postContractOrder(app, user, { ...good, leverage: 1 });
    expect(marketOrder.json()).toMatchObject({
      Code: "INSUFFICIENT_BALANCE",
      Params: { asset: "USDT", available: "10" },
    });
    // Margin fits, the fee does not: 600 available for the 600.3 a 1× limit needs.
    await fund(db, user.userId, "USDT", USDT("590"));
    const mid = await contractSnapshot(db);
    const feeShort = await postContractOrder(app, user, {
      ...good,
      leverage: 1,
      type: 1,
      price: "60000",
    });
    expect(feeShort.json()).toMatchObject({
      Code: "INSUFFICIENT_BALANCE",
      Params: { available: "600", needed: "600.3" },
    });
    expect(await contractSnapshot(db)).toEqual(mid);
    expect(mid.orders).toEqual(before.orders);
    // A user who never had money is refused the same way.
    const broke = await createUserSession(db);
    expect((await postContractOrder(app, broke, good)).json()).toMatchObject({
      Code: "INSUFFICIENT_BALANCE",
    });
  });

  it("refuses what the book cannot fill (422 BOOK_TOO_THIN) and stores nothing", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 1);
    const before = await contractSnapshot(db);
    const response = await postContractOrder(app, user, {
      ...good,
      quantity: "1000",
      leverage: 50,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      Code: "BOOK_TOO_THIN",
      Params: { base: "BTC", side: "ask", needed: "1000.00000" },
    });
    expect(await contractSnapshot(db)).toEqual(before);
  });

  it("needs an Idempotency-Key and a token", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 1);
    const before = await contractSnapshot(db);
    expect((await postContractOrder(app, user, good, null)).statusCode).toBe(400);
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/contract/orders`,
      headers: { "idempotency-key": "k" },
      payload: good,
    });
    expect(anonymous.statusCode).toBe(401);
    const close = await app.inject({ method: "POST", url: `${API_BASE}/contract/orders/1/close` });
    expect(close.statusCode).toBe(401);
    expect(await contractSnapshot(db)).toEqual(before);
  });

  it("refuses orders and closes without a live market (503) and takes them once it is live", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    const before = await contractSnapshot(db);
    const noBook = await postContractOrder(app, user, good);
    expect(noBook.statusCode).toBe(503);
    expect(noBook.json()).toMatchObject({
      Code: "MARKET_STALE",
      Params: { symbol: "BTC/USDT" },
      Message:
        "There is no live order book for BTC/USDT yet; orders open once the market feed runs",
    });
    expect(await contractSnapshot(db)).toEqual(before);

    await stepMarket(market, 1);
    const position = await openContract(app, user, good);
    // Ten seconds later without a tick: the newest price is too old to trade on.
    const later = () => Date.now() + 10_000;
    const mid = await contractSnapshot(db);
    const { feed } = market;
    const refusals = await Promise.allSettled([
      placeContractOrder(db, {
        userId: user.userId,
        body: good,
        idempotencyKey: "stale",
        feed,
        now: later,
      }),
      closeContractOrder(db, { userId: user.userId, id: position.id, feed, now: later }),
    ]);
    for (const refused of refusals) {
      expect(refused).toMatchObject({
        status: "rejected",
        reason: {
          code: "MARKET_STALE",
          params: { symbol: "BTC/USDT", maxSeconds: 5 },
          message: expect.stringMatching(
            /^The last price of BTC\/USDT is 1\d s old \(more than 5 s\): orders are refused until the market feed is live again$/,
          ),
        },
      });
    }
    expect(await contractSnapshot(db)).toEqual(mid);
    await stepMarket(market, 1);
    expect((await closeContract(app, user, position.id)).statusCode).toBe(200);
  });
});
