// The app's estimate of an order is the server's fill: on random books of
// every listed symbol, both sides, random depth and sizes, the order form's estimate — computed in
// the app from GET /spot/config and the book as served — equals what the engine fills on that book:
// the same price, notional, fee and total; and where the engine finds the book too thin, the
// estimate says so. A limit order the book already crosses is estimated as the taker fill the
// engine makes; one that rests, at its limit with the maker fee.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnits, parseUnits } from "../../protocol/decimal";
import type { DepthLevel } from "../../protocol/market";
import {
  bookUnits,
  exchangeOf,
  priceString,
  qtyString,
  spotRulesOf,
  type Side,
} from "../../protocol/spot-rules";
import { limitTakerFill, marketFill } from "../../protocol/spot-fill";
import {
  MAKER_FEE,
  MAX_SLIPPAGE,
  spotConfig,
  spotRules,
  TAKER_FEE,
} from "../../server/domain/spot/spot-config";
import { estimateOrder } from "../../src/features/spot/spot-math";

const config = spotConfig();

/** A symbol as the app knows it (published config) and as the engine knows it. */
const symbolArb = fc.constantFrom(...config.symbols).map((published) => {
  const engine = spotRules(published.symbol);
  if (engine === undefined) throw new Error(`${published.symbol} has no engine rules`);
  return { published, engine, app: spotRulesOf(published) };
});

const caseArb = fc
  .record({
    symbol: symbolArb,
    side: fc.constantFrom<Side>("buy", "sell"),
    best: fc.bigInt({ min: 1n, max: 10_000_000n }),
    gaps: fc.array(fc.bigInt({ min: 1n, max: 5_000n }), { maxLength: 25 }),
    qtys: fc.array(fc.bigInt({ min: 1n, max: 200_000n }), { minLength: 26, maxLength: 26 }),
    steps: fc.bigInt({ min: 1n, max: 3_000_000n }),
  })
  .map(({ symbol, side, best, gaps, qtys, steps }) => {
    const { engine } = symbol;
    // Price steps, best first: asks rise, bids fall (and stay above zero).
    const prices = [best];
    for (const gap of gaps) {
      const last = prices[prices.length - 1] ?? best;
      if (side === "sell" && last - gap <= 0n) break;
      prices.push(side === "buy" ? last + gap : last - gap);
    }
    const levels: DepthLevel[] = prices.map((p, i) => [
      priceString(p * engine.priceStep, engine),
      qtyString((qtys[i] ?? 1n) * engine.qtyStep, engine),
    ]);
    return { symbol, side, levels, number: steps * engine.qtyStep };
  });

describe("the app's market order estimate", () => {
  it("equals the server's fill on the same book, or says the book is too thin", () => {
    fc.assert(
      fc.property(caseArb, ({ symbol, side, levels, number }) => {
        const { engine, app } = symbol;
        // As the engine reads the feed's book (market-snapshot.ts).
        const book = bookUnits(
          side === "buy" ? { asks: levels, bids: [] } : { bids: levels, asks: [] },
          engine,
        );
        const fill = marketFill(side, book, number, engine, MAX_SLIPPAGE);
        const estimate = estimateOrder(
          {
            side: side === "buy" ? 0 : 1,
            type: 0,
            limitPrice: null,
            levels,
            last: null,
            feeRate: config.takerFeeRate,
            rules: app,
          },
          qtyString(number, engine),
          engine.priceScale,
        );
        if (estimate === null) throw new Error("no estimate on a book");
        if (fill.kind === "rejected" && fill.refusal.code === "BOOK_TOO_THIN") {
          expect(estimate.short).toBe(true);
          return;
        }
        // A fill, or a walk the engine rejects beyond the slippage cap: the estimate shows the
        // price it would be (the form warns of the cap); both are the same walk.
        let price: bigint;
        if (fill.kind === "fill") price = fill.price;
        else if (fill.refusal.code === "SLIPPAGE_EXCEEDED") {
          price = parseUnits(fill.refusal.params.average, engine.priceScale) * engine.priceStep;
        } else throw new Error(`unexpected ${fill.refusal.code}`);
        const { notional, fee } = exchangeOf(side, price, number, engine, TAKER_FEE);
        expect(estimate).toEqual({
          price: priceString(price, engine),
          basis: "book",
          notional: formatUnits(notional, 6),
          fee: formatUnits(fee, 6),
          total: formatUnits(side === "buy" ? notional + fee : notional - fee, 6),
          short: false,
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe("the app's limit order estimate", () => {
  const limitCaseArb = fc
    .record({ base: caseArb, offset: fc.bigInt({ min: -2_000n, max: 60_000n }) })
    .map(({ base, offset }) => {
      const { engine } = base.symbol;
      const best = parseUnits(base.levels[0]?.[0] ?? "1", engine.priceScale);
      // Around the best price: from not crossing at all to crossing every level.
      const steps = base.side === "buy" ? best + offset : best - offset;
      return { ...base, limit: (steps > 0n ? steps : 1n) * engine.priceStep };
    });

  it("is the engine's taker fill when the book crosses it, else its own price", () => {
    fc.assert(
      fc.property(limitCaseArb, ({ symbol, side, levels, number, limit }) => {
        const { engine, app } = symbol;
        const book = bookUnits(
          side === "buy" ? { asks: levels, bids: [] } : { bids: levels, asks: [] },
          engine,
        );
        const taker = limitTakerFill(side, book, limit, number, engine);
        const estimate = estimateOrder(
          {
            side: side === "buy" ? 0 : 1,
            type: 1,
            limitPrice: priceString(limit, engine),
            levels,
            last: null,
            feeRate: config.makerFeeRate,
            takerFeeRate: config.takerFeeRate,
            rules: app,
          },
          qtyString(number, engine),
          engine.priceScale,
        );
        const price = taker.kind === "fill" ? taker.price : limit;
        const { notional, fee } = exchangeOf(
          side,
          price,
          number,
          engine,
          taker.kind === "fill" ? TAKER_FEE : MAKER_FEE,
        );
        expect(estimate).toEqual({
          price: priceString(price, engine),
          basis: taker.kind === "fill" ? "book" : "limit",
          notional: formatUnits(notional, 6),
          fee: formatUnits(fee, 6),
          total: formatUnits(side === "buy" ? notional + fee : notional - fee, 6),
          short: false,
        });
      }),
      { numRuns: 300 },
    );
  });
});
