// Properties of the pure fill rules: a market order's price lies within the
// levels it walked and on the price step, rounded toward the house; it is rejected exactly when
// the book is too thin or the price is beyond the slippage cap; fees and notionals round toward
// the house; a limit order's reservation is exactly what its fill takes; steps are enforced.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnits } from "../../protocol/decimal";
import { DomainError } from "../../server/domain/errors";
import {
  exchangeOf,
  limitReservation,
  priceString,
  qtyString,
  type BookUnits,
  type Level,
  type Side,
} from "../../protocol/spot-rules";
import { crosses, limitTakerFill, marketFill } from "../../protocol/spot-fill";
import { parseOrderInput } from "../../server/domain/spot/order-input";
import {
  MAKER_FEE,
  MAX_SLIPPAGE,
  spotRules,
  TAKER_FEE,
} from "../../server/domain/spot/spot-config";
import { type SpotRules } from "../../protocol/spot-rules";
import { SYMBOLS } from "../../server/market/symbols";

const RULES = SYMBOLS.map((s) => spotRules(s.symbol)).filter((r): r is SpotRules => !!r);
const rulesArb = fc.constantFrom(...RULES);
const sideArb = fc.constantFrom<Side>("buy", "sell");

/** A side of a book, best first: each level one or more price steps further from the best. */
function sideArbFor(rules: SpotRules, side: Side): fc.Arbitrary<Level[]> {
  return fc
    .record({
      best: fc.bigInt({ min: 1_000n, max: 10_000_000n }),
      gaps: fc.array(fc.bigInt({ min: 1n, max: 2_000n }), { minLength: 0, maxLength: 19 }),
      qtys: fc.array(fc.bigInt({ min: 1n, max: 100_000n }), { minLength: 20, maxLength: 20 }),
    })
    .map(({ best, gaps, qtys }) => {
      const prices = [best];
      for (const gap of gaps) {
        const last = prices[prices.length - 1] ?? best;
        prices.push(side === "buy" ? last + gap : last - gap);
      }
      return prices
        .filter((p) => p > 0n)
        .map((p, i) => ({ price: p * rules.priceStep, qty: (qtys[i] ?? 1n) * rules.qtyStep }));
    });
}

const caseArb = fc.tuple(rulesArb, sideArb).chain(([rules, side]) =>
  fc.record({
    rules: fc.constant(rules),
    side: fc.constant(side),
    levels: sideArbFor(rules, side),
    steps: fc.bigInt({ min: 1n, max: 2_000_000n }),
  }),
);

const bookOf = (side: Side, levels: Level[]): BookUnits =>
  side === "buy" ? { asks: levels, bids: [] } : { bids: levels, asks: [] };

describe("market order fill", () => {
  it("prices inside the walked levels, on the step, toward the house, or says why not", () => {
    fc.assert(
      fc.property(caseArb, ({ rules, side, levels, steps }) => {
        const number = steps * rules.qtyStep;
        const result = marketFill(side, bookOf(side, levels), number, rules, MAX_SLIPPAGE);
        const depth = levels.reduce((sum, l) => sum + l.qty, 0n);
        if (depth < number) {
          expect(result).toMatchObject({ kind: "rejected" });
          expect(result.kind === "rejected" && result.refusal.message).toMatch(/holds only/);
          return;
        }
        // The walk, recomputed independently.
        let left = number;
        let value = 0n;
        let worst = levels[0]?.price ?? 0n;
        for (const l of levels) {
          if (left === 0n) break;
          const take = l.qty < left ? l.qty : left;
          value += l.price * take;
          left -= take;
          worst = l.price;
        }
        const best = levels[0]?.price ?? 0n;
        const step = rules.priceStep;
        const expected =
          side === "buy"
            ? ((value + step * number - 1n) / (step * number)) * step
            : (value / (step * number)) * step;
        const beyond =
          side === "buy" ? expected * 100n > best * 105n : expected * 100n < best * 95n;
        if (beyond) {
          expect(result).toMatchObject({ kind: "rejected" });
          expect(result.kind === "rejected" && result.refusal.message).toMatch(
            /market orders fill within 5/,
          );
          return;
        }
        if (result.kind !== "fill") throw new Error(`rejected: ${JSON.stringify(result)}`);
        expect(result.price).toBe(expected);
        expect(result.price % step).toBe(0n);
        const [low, high] = side === "buy" ? [best, worst] : [worst, best];
        expect(result.price >= low && result.price <= high).toBe(true);
        // Toward the house: a buyer never pays less than the walk, a seller never gets more,
        // and never by a whole price step or more per unit.
        if (side === "buy") {
          expect(result.price * number >= value).toBe(true);
          expect(result.price * number - value < step * number).toBe(true);
        } else {
          expect(result.price * number <= value).toBe(true);
          expect(value - result.price * number < step * number).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("rejects an empty side, a thin book, and a walk past the cap; fills one just inside", () => {
    const rules = spotRules("BTC/USDT") as SpotRules;
    const coin = 10n ** 8n;
    const usd = 1_000_000n;
    expect(marketFill("buy", { asks: [], bids: [] }, coin, rules, MAX_SLIPPAGE)).toEqual({
      kind: "rejected",
      refusal: {
        code: "BOOK_EMPTY",
        params: { symbol: "BTC/USDT", side: "ask" },
        message: "The order book of BTC/USDT has no asks",
      },
    });
    const thin = { bids: [{ price: 100n * usd, qty: coin / 2n }], asks: [] };
    expect(marketFill("sell", thin, coin, rules, MAX_SLIPPAGE)).toEqual({
      kind: "rejected",
      refusal: {
        code: "BOOK_TOO_THIN",
        params: { base: "BTC", side: "bid", held: "0.50000", needed: "1.00000" },
        message: "The order book holds only 0.50000 BTC on the bid side; this order needs 1.00000",
      },
    });
    // Half at 100, half at 110: average 105, exactly 5 % above the best: still inside.
    const asks = [
      { price: 100n * usd, qty: coin / 2n },
      { price: 110n * usd, qty: coin },
    ];
    expect(marketFill("buy", { asks, bids: [] }, coin, rules, MAX_SLIPPAGE)).toEqual({
      kind: "fill",
      price: 105n * usd,
      levelsUsed: 2,
    });
    // One more step of quantity at 110 tips it over.
    const over = marketFill("buy", { asks, bids: [] }, coin + coin / 10n, rules, MAX_SLIPPAGE);
    expect(over).toMatchObject({ kind: "rejected" });
    expect(over.kind === "rejected" && over.refusal.params).toEqual({
      side: "ask",
      average: "105.46",
      worsePercent: "5.46",
      best: "100.00",
      capPercent: "5",
    });
    expect(over.kind === "rejected" && over.refusal.message).toBe(
      "The average price 105.46 would be 5.46 % above the best ask 100.00; market orders fill within 5 % of the best price",
    );
  });
});

describe("what changes hands", () => {
  const exchangeArb = fc.record({
    rules: rulesArb,
    side: sideArb,
    priceSteps: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    qtySteps: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    rate: fc.constantFrom(TAKER_FEE, MAKER_FEE),
  });

  it("rounds the notional by who pays and every fee up, by less than one unit", () => {
    fc.assert(
      fc.property(exchangeArb, ({ rules, side, priceSteps, qtySteps, rate }) => {
        const price = priceSteps * rules.priceStep;
        const number = qtySteps * rules.qtyStep;
        const unit = 10n ** BigInt(rules.baseScale);
        const exact = price * number; // USDT units × unit
        const { notional, fee } = exchangeOf(side, price, number, rules, rate);
        if (side === "buy") {
          expect(notional * unit >= exact && (notional - 1n) * unit < exact).toBe(true);
        } else {
          expect(notional * unit <= exact && (notional + 1n) * unit > exact).toBe(true);
        }
        const feeExact = exact * rate.num; // × unit × rate.den
        const scale = unit * rate.den;
        expect(fee * scale >= feeExact && (fee - 1n) * scale < feeExact).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("freezes for a limit order exactly what its fill takes, so nothing stays reserved", () => {
    fc.assert(
      fc.property(exchangeArb, ({ rules, side, priceSteps, qtySteps }) => {
        const price = priceSteps * rules.priceStep;
        const number = qtySteps * rules.qtyStep;
        const reserved = limitReservation(side, price, number, rules, MAKER_FEE);
        const { notional, fee } = exchangeOf(side, price, number, rules, MAKER_FEE);
        // Buy: the fill deducts notional + fee from the reservation; sell: the base coin.
        expect(reserved).toEqual(
          side === "buy"
            ? { asset: "USDT", amount: notional + fee }
            : { asset: rules.base, amount: number },
        );
      }),
    );
  });

  it("crosses a buy at or above the best ask and a sell at or below the best bid", () => {
    const book = { bids: [{ price: 99n, qty: 1n }], asks: [{ price: 101n, qty: 1n }] };
    expect(crosses("buy", 100n, book)).toBeUndefined();
    expect(crosses("buy", 101n, book)).toEqual({ price: 101n, qty: 1n });
    expect(crosses("sell", 100n, book)).toBeUndefined();
    expect(crosses("sell", 99n, book)).toEqual({ price: 99n, qty: 1n });
    expect(crosses("sell", 1n, { bids: [], asks: [] })).toBeUndefined();
  });
});

describe("a limit order the book already crosses", () => {
  it("fills whole within its limit as a taker, or rests; never past the limit", () => {
    fc.assert(
      fc.property(caseArb, fc.nat(25), ({ rules, side, levels, steps }, at) => {
        const number = steps * rules.qtyStep;
        // A limit at one of the levels (or between/after them: `at` past the end is the last).
        const limit = levels[Math.min(at, levels.length - 1)]?.price ?? rules.priceStep;
        const result = limitTakerFill(side, bookOf(side, levels), limit, number, rules);
        const within = levels.filter((l) => (side === "buy" ? l.price <= limit : l.price >= limit));
        const depth = within.reduce((sum, l) => sum + l.qty, 0n);
        if (depth < number) {
          expect(result).toEqual({ kind: "rest" });
          return;
        }
        if (result.kind !== "fill") throw new Error("rested with enough depth within the limit");
        // The same price a market order walking only these levels would pay (no slippage cap).
        const market = marketFill(side, bookOf(side, within), number, rules, {
          num: 1_000_000n,
          den: 1n,
        });
        expect(market).toMatchObject({ kind: "fill", price: result.price });
        expect(side === "buy" ? result.price <= limit : result.price >= limit).toBe(true);
        expect(result.price % rules.priceStep).toBe(0n);
      }),
      { numRuns: 500 },
    );
  });

  it("rests when the book does not cross it", () => {
    const book = { bids: [{ price: 99n, qty: 5n }], asks: [{ price: 101n, qty: 5n }] };
    const rules = RULES[0];
    if (!rules) throw new Error("no symbols");
    expect(limitTakerFill("buy", book, 100n, 1n, rules)).toEqual({ kind: "rest" });
    expect(limitTakerFill("sell", book, 100n, 1n, rules)).toEqual({ kind: "rest" });
    expect(limitTakerFill("buy", { bids: [], asks: [] }, 100n, 1n, rules)).toEqual({
      kind: "rest",
    });
  });
});

describe("steps", () => {
  it("accepts every multiple of the steps and refuses anything finer, naming the step", () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 1, max: 9 }),
        (rules, qtySteps, priceSteps, digit) => {
          const number = qtyString(qtySteps * rules.qtyStep, rules);
          const price = priceString(priceSteps * rules.priceStep, rules);
          const body = { symbol: rules.symbol, side: 1, type: 1, number, price };
          expect(parseOrderInput(body)).toMatchObject({
            number: qtySteps * rules.qtyStep,
            price: priceSteps * rules.priceStep,
          });
          // Trailing zeros are the same number; one digit past the step is not.
          expect(
            parseOrderInput({ ...body, number: `${number}${rules.qtyScale ? "" : "."}00` }).number,
          ).toBe(qtySteps * rules.qtyStep);
          const finer = (text: string, scale: number) => `${text}${scale ? "" : "."}${digit}`;
          expect(
            captured(() => parseOrderInput({ ...body, number: finer(number, rules.qtyScale) }))
              ?.message,
          ).toBe(
            `Invalid body: "number" must be a multiple of ${formatUnits(rules.qtyStep, rules.baseScale)}, the quantity step of ${rules.symbol}`,
          );
          expect(
            captured(() => parseOrderInput({ ...body, price: finer(price, rules.priceScale) }))
              ?.message,
          ).toBe(
            `Invalid body: "price" must be a multiple of ${formatUnits(rules.priceStep, 6)}, the price step of ${rules.symbol}`,
          );
        },
      ),
    );
  });
});

function captured(fn: () => unknown): DomainError | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
}
