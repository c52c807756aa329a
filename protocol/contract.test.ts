// The rules that decide a contract position's money, on random prices, quantities, leverages
// and rates: every rounding goes toward the house where the user pays or is paid (margin and fee
// up, pnl down), toward the user where a price decides when everything is lost (the liquidation
// price never closer to the entry than the formula), and no close ever costs more than the margin.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  closeOutcome,
  contractFee,
  contractMargin,
  contractPnl,
  liquidationPrice,
  maxQuantity,
  targetProblem,
  triggerAt,
  type ContractDirection,
  type PositionTerms,
} from "./contract";
import { spotRulesOf, type Rate, type SpotRules } from "./spot-rules";

const published = (symbol: string, priceStep: string, qtyStep: string) => ({
  symbol,
  base: symbol.split("/")[0] ?? "",
  quote: "USDT",
  priceStep,
  qtyStep,
  minQty: qtyStep,
  minNotional: "5",
});
/** A coin priced in cents and traded in 0.00001, and one priced in 0.00001 traded in whole coins. */
const RULES: SpotRules[] = [
  spotRulesOf(published("BTC/USDT", "0.01", "0.00001")),
  spotRulesOf(published("DOGE/USDT", "0.00001", "1")),
];
const UNIT = 10n ** 8n; // both bases have ledger scale 8
const LEVERAGES = [1, 2, 3, 5, 10, 20, 50, 125];

const rules = fc.constantFrom(...RULES);
const leverage = fc.constantFrom(...LEVERAGES);
const direction = fc.constantFrom<ContractDirection>("long", "short");
/** A price on the rules' step, from one step to about 10 million USDT. */
const priceOf = (r: SpotRules) =>
  fc.bigInt({ min: 1n, max: 10n ** 13n / r.priceStep }).map((steps) => steps * r.priceStep);
const quantityOf = (r: SpotRules) =>
  fc.bigInt({ min: 1n, max: 10n ** 12n / r.qtyStep }).map((steps) => steps * r.qtyStep);
/** A decimal rate below `maxNum / 10^places`. */
const rate = (maxPerMille: number): fc.Arbitrary<Rate> =>
  fc
    .integer({ min: 0, max: 6 })
    .chain((places) =>
      fc
        .bigInt({ min: 0n, max: (10n ** BigInt(places) * BigInt(maxPerMille)) / 1000n })
        .map((num) => ({ num, den: 10n ** BigInt(places) })),
    );
const feeRate = rate(10); // up to 1 %
/** A maintenance margin rate below 1/leverage, as the configuration requires. */
const mmrFor = (lev: number) => rate(1000).filter((mmr) => mmr.num * BigInt(lev) < mmr.den);

const market = rules.chain((r) =>
  fc.record({
    rules: fc.constant(r),
    price: priceOf(r),
    quantity: quantityOf(r),
    leverage,
    direction,
  }),
);

describe("margin, fee and pnl round toward the house", () => {
  it("margin is the exact value / leverage rounded up: at least it, less than one unit more", () => {
    fc.assert(
      fc.property(market, ({ rules: r, price, quantity, leverage: lev }) => {
        const margin = contractMargin(price, quantity, lev, r);
        const exact = price * quantity; // margin × UNIT × lev compared with it
        expect(margin * UNIT * BigInt(lev) >= exact).toBe(true);
        expect((margin - 1n) * UNIT * BigInt(lev) < exact).toBe(true);
      }),
    );
  });

  it("the fee is the exact value × feeRate rounded up", () => {
    fc.assert(
      fc.property(market, feeRate, ({ rules: r, price, quantity }, f) => {
        const fee = contractFee(price, quantity, f, r);
        const exact = price * quantity * f.num; // fee × UNIT × den compared with it
        expect(fee * UNIT * f.den >= exact).toBe(true);
        expect((fee - 1n) * UNIT * f.den < exact).toBe(true);
      }),
    );
  });

  it("pnl is never more than the exact result, and less by under one unit", () => {
    fc.assert(
      fc.property(
        market.chain((m) => fc.record({ m: fc.constant(m), close: priceOf(m.rules) })),
        ({ m, close }) => {
          const pnl = contractPnl(m.direction, m.price, close, m.quantity, m.rules);
          const move = m.direction === "long" ? close - m.price : m.price - close;
          const exact = move * m.quantity; // pnl × UNIT compared with it
          // A gain is never above the exact gain; a loss never smaller than the exact loss.
          expect(pnl * UNIT <= exact).toBe(true);
          expect((pnl + 1n) * UNIT > exact).toBe(true);
        },
      ),
    );
  });
});

describe("liquidation price: toward the user's safety, within one price step", () => {
  it("long ≤ formula < long + step; short ≥ formula > short − step", () => {
    fc.assert(
      fc.property(
        market.chain((m) => fc.record({ m: fc.constant(m), mmr: mmrFor(m.leverage) })),
        ({ m, mmr }) => {
          const { rules: r, price: entry, leverage: lev } = m;
          const l = BigInt(lev);
          const lp = liquidationPrice(m.direction, entry, lev, mmr, r);
          expect(lp % r.priceStep).toBe(0n);
          // formula = entry × num / den
          const den = l * mmr.den;
          const num =
            m.direction === "long"
              ? l * mmr.den - mmr.den + l * mmr.num
              : l * mmr.den + mmr.den - l * mmr.num;
          const exact = entry * num;
          if (m.direction === "long") {
            expect(lp * den <= exact).toBe(true);
            expect((lp + r.priceStep) * den > exact).toBe(true);
            expect(lp < entry).toBe(true);
          } else {
            expect(lp * den >= exact).toBe(true);
            expect((lp - r.priceStep) * den < exact).toBe(true);
            expect(lp > entry).toBe(true);
          }
        },
      ),
    );
  });

  it("matches the issue's numbers: a 10× long at 67,250 liquidates at 60,861.25", () => {
    const btc = RULES[0] as SpotRules;
    const mmr = { num: 5n, den: 1000n };
    // 67250 × (1 − 0.1 + 0.005) = 60861.25 exactly; a short: 67250 × 1.095 = 73638.75.
    expect(liquidationPrice("long", 6_725_000_000_000n, 10, mmr, btc)).toBe(6_086_125_000_000n);
    expect(liquidationPrice("short", 6_725_000_000_000n, 10, mmr, btc)).toBe(7_363_875_000_000n);
  });
});

/** A position opened at `entry` as the engine opens it. */
function position(
  m: {
    rules: SpotRules;
    price: bigint;
    quantity: bigint;
    leverage: number;
    direction: ContractDirection;
  },
  mmr: Rate,
): PositionTerms {
  return {
    direction: m.direction,
    leverage: m.leverage,
    entry: m.price,
    quantity: m.quantity,
    margin: contractMargin(m.price, m.quantity, m.leverage, m.rules),
    liquidationPrice: liquidationPrice(m.direction, m.price, m.leverage, mmr, m.rules),
    takeProfit: null,
    stopLoss: null,
  };
}

describe("closeOutcome: a position never costs more than its margin", () => {
  const closing = market.chain((m) =>
    fc.record({
      m: fc.constant(m),
      close: priceOf(m.rules),
      mmr: mmrFor(m.leverage),
      feeRate,
      reason: fc.constantFrom("user" as const, "take-profit" as const, "stop-loss" as const),
    }),
  );

  it("loss + closing fee ≤ margin for any close price; pnl ≥ −margin", () => {
    fc.assert(
      fc.property(closing, ({ m, close, mmr, feeRate: f, reason }) => {
        const p = position(m, mmr);
        const { pnl, closeFee } = closeOutcome(p, close, reason, { feeRate: f, mmr }, m.rules);
        expect(pnl >= -p.margin).toBe(true);
        expect((pnl < 0n ? -pnl : 0n) + closeFee <= p.margin).toBe(true);
        expect(closeFee >= 0n).toBe(true);
        // Uncapped, it is exactly the rounded pnl and the full fee.
        const raw = contractPnl(m.direction, m.price, close, m.quantity, m.rules);
        const fee = contractFee(close, m.quantity, f, m.rules);
        if ((raw < 0n ? -raw : 0n) + fee <= p.margin) {
          expect({ pnl, closeFee }).toEqual({ pnl: raw, closeFee: fee });
        }
      }),
    );
  });

  it("a liquidation loses exactly the margin and pays no fee, whatever the price", () => {
    fc.assert(
      fc.property(closing, ({ m, close, mmr, feeRate: f }) => {
        const p = position(m, mmr);
        const outcome = closeOutcome(p, close, "liquidation", { feeRate: f, mmr }, m.rules);
        expect(outcome).toEqual({ pnl: -p.margin, closeFee: 0n });
      }),
    );
  });
});

describe("maxQuantity: what 100 % of the available balance opens", () => {
  it("its margin and fee fit the balance, one step more would not", () => {
    fc.assert(
      fc.property(
        rules.chain((r) =>
          fc.record({
            rules: fc.constant(r),
            price: priceOf(r),
            leverage,
            feeRate,
            available: fc.bigInt({ min: 0n, max: 10n ** 13n }),
          }),
        ),
        ({ rules: r, price, leverage: lev, feeRate: f, available }) => {
          const rates = { feeRate: f, mmr: { num: 5n, den: 1000n } };
          const q = maxQuantity(available, price, lev, rates, r);
          const cost = (qty: bigint) =>
            contractMargin(price, qty, lev, r) + contractFee(price, qty, f, r);
          expect(q % r.qtyStep).toBe(0n);
          expect(q >= 0n).toBe(true);
          if (q > 0n) expect(cost(q) <= available).toBe(true);
          expect(cost(q + r.qtyStep) > available).toBe(true);
        },
      ),
    );
  });
});

describe("targets and triggers", () => {
  const long: PositionTerms = {
    direction: "long",
    leverage: 10,
    entry: 100_000_000n,
    quantity: 100_000_000n,
    margin: 10_000_000n,
    liquidationPrice: 90_500_000n,
    takeProfit: null,
    stopLoss: null,
  };
  const short: PositionTerms = { ...long, direction: "short", liquidationPrice: 109_500_000n };

  it("a long's take-profit lies above the entry, its stop-loss between liquidation and entry", () => {
    expect(targetProblem(long, { takeProfit: 100_010_000n, stopLoss: 95_000_000n })).toBeNull();
    expect(targetProblem(long, { takeProfit: 100_000_000n, stopLoss: null })).toEqual({
      field: "takeProfit",
      side: "above",
      reference: "entry",
      limit: 100_000_000n,
    });
    expect(targetProblem(long, { takeProfit: null, stopLoss: 100_000_000n })).toMatchObject({
      field: "stopLoss",
      side: "below",
      reference: "entry",
    });
    expect(targetProblem(long, { takeProfit: null, stopLoss: 90_500_000n })).toEqual({
      field: "stopLoss",
      side: "above",
      reference: "liquidation",
      limit: 90_500_000n,
    });
  });

  it("a short's mirrored", () => {
    expect(targetProblem(short, { takeProfit: 90_000_000n, stopLoss: 105_000_000n })).toBeNull();
    expect(targetProblem(short, { takeProfit: 100_000_000n, stopLoss: null })).toMatchObject({
      field: "takeProfit",
      side: "below",
    });
    expect(targetProblem(short, { takeProfit: null, stopLoss: 109_500_000n })).toMatchObject({
      field: "stopLoss",
      side: "below",
      reference: "liquidation",
    });
  });

  it("at an accepted stop-loss the stop-loss fires, not the liquidation; at the take-profit, it", () => {
    const between = (low: bigint, high: bigint) => fc.bigInt({ min: low + 1n, max: high - 1n });
    const cases = fc.oneof(
      fc.record({
        p: fc.constant(long),
        tp: between(long.entry, 2n * long.entry),
        sl: between(long.liquidationPrice, long.entry),
      }),
      fc.record({
        p: fc.constant(short),
        tp: between(0n, short.entry),
        sl: between(short.entry, short.liquidationPrice),
      }),
    );
    fc.assert(
      fc.property(cases, ({ p, tp, sl }) => {
        expect(targetProblem(p, { takeProfit: tp, stopLoss: sl })).toBeNull();
        const withTargets = { ...p, takeProfit: tp, stopLoss: sl };
        expect(triggerAt(withTargets, sl)).toBe("stop-loss");
        expect(triggerAt(withTargets, tp)).toBe("take-profit");
        expect(triggerAt(withTargets, p.entry)).toBeNull();
        expect(triggerAt(withTargets, p.liquidationPrice)).toBe("liquidation");
      }),
    );
  });
});
