// A live plan trades as its published backtest does: on one symbol, at the same prices, the plan
// book's sizing (domain/quant/plans/plan-book.ts) and the backtester's rebalance
// (domain/quant/backtest/execute.ts, with no slippage) make the same fills and end with the same
// cash, for any sequence of targets and prices and any leverage (property).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openAccount, rebalance } from "../../server/domain/quant/backtest/execute";
import { targetPpm } from "../../server/domain/quant/backtest/sizing";
import {
  applyFill,
  bookOf,
  equityAt,
  heldQuantity,
  sizeTrade,
} from "../../server/domain/quant/plans/plan-book";
import { spotRules, TAKER_FEE } from "../../server/domain/spot/spot-config";

const rules = spotRules("BTC/USDT");
if (rules === undefined) throw new Error("BTC/USDT is listed");
const BTC = rules;

describe("plan book", () => {
  it("sizes and fills exactly as the backtester's rebalance at the same prices", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 5_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(
          fc.record({
            target: fc.oneof(
              fc.constant(0),
              fc.constant(1),
              fc.double({ min: 0, max: 1, noNaN: true }),
            ),
            // 40,000.00 … 60,000.00 on the price step.
            cents: fc.integer({ min: 4_000_000, max: 6_000_000 }),
          }),
          { maxLength: 40 },
        ),
        (capitalUsdt, leverage, steps) => {
          const capital = BigInt(capitalUsdt) * 1_000_000n;
          const account = openAccount(BTC, capital, leverage, TAKER_FEE, { num: 0n, den: 1n });
          const book = bookOf(
            { amount: capital, leverage, symbols: ["BTC/USDT"], cash: capital },
            {},
            0n,
            0,
          );
          let last = 0;
          const fills: string[] = [];
          steps.forEach(({ target, cents }, i) => {
            const price = BigInt(cents) * BTC.priceStep;
            const ppm = targetPpm(target);
            rebalance(account, ppm, price, i);
            const sizing = sizeTrade(book, "BTC/USDT", { ppm, last }, price, BTC, TAKER_FEE);
            if (sizing.kind === "none") last = ppm;
            if (sizing.kind === "trade") {
              const { notional, fee } = applyFill(
                book,
                "BTC/USDT",
                sizing.trade,
                price,
                BTC,
                TAKER_FEE,
              );
              fills.push(
                `${i} ${sizing.trade.side} ${price} ${sizing.trade.quantity} ${notional} ${fee}`,
              );
              last = ppm;
            }
          });
          expect(fills).toEqual(
            account.fills.map(
              (f) => `${f.time} ${f.side} ${f.price} ${f.quantity} ${f.notional} ${f.fee}`,
            ),
          );
          expect(book.cash).toBe(account.cash);
          expect(heldQuantity(book, "BTC/USDT")).toBe(account.held);
          expect(book.cash).toBeGreaterThanOrEqual(capital - capital * BigInt(leverage));
          const price = 50_000n * 1_000_000n;
          expect(
            equityAt(
              book,
              () => price,
              () => BTC,
            ),
          ).toBe(account.cash + (account.held * price) / 100_000_000n);
        },
      ),
      { numRuns: 300 },
    );
  });
});
