// Properties of THE settlement rule (settleOption) on random recorded tick sequences: the
// boundaries of the window (a tick at `time` is not the entry, a tick at `expiresAt` is the
// exit), ties, voids, direction symmetry, the money it returns, and that input order is irrelevant.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compare, formatUnits } from "./decimal";
import {
  expectedLossRate,
  optionFee,
  optionProfit,
  settleOption,
  type OptionSettlement,
  type OptionTerms,
  type OptionTick,
} from "./options";

const BASE_MS = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const HASH = "ab".repeat(32);

interface Case {
  terms: OptionTerms;
  timeMs: number;
  expiresMs: number;
  ticks: OptionTick[];
}

/** A rate with up to 4 decimals in (0, 2): "0.85", "1.2", "0.0001". */
const rate = fc.integer({ min: 1, max: 19_999 }).map((n) => formatUnits(BigInt(n), 4));
const stake = fc.bigInt({ min: 1n, max: 10n ** 15n });
/** Few distinct prices, so equal entry and exit prices (ties) are common. */
const price = fc.constantFrom("67250.1", "67250.10", "67251", "67249.99", "1", "0.5");

/**
 * Terms and a chain of ticks in time order (seq follows ts): offsets spread before, in and after
 * the window, with the boundaries `time` and `expiresAt` themselves drawn often.
 */
const settlementCase: fc.Arbitrary<Case> = fc
  .record({
    startMs: fc.integer({ min: 0, max: 10 ** 9 }),
    seconds: fc.constantFrom(1, 30, 60, 300),
    direction: fc.constantFrom("up" as const, "down" as const),
    stake,
    fee: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    payoutRate: rate,
    firstSeq: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    ticks: fc.array(
      fc.record({
        at: fc.oneof(
          fc.constantFrom("time" as const, "expiresAt" as const),
          fc.double({ min: -0.5, max: 1.5, noNaN: true }),
        ),
        price,
      }),
      { maxLength: 30 },
    ),
  })
  .map((c) => {
    const timeMs = BASE_MS + c.startMs;
    const expiresMs = timeMs + c.seconds * 1000;
    const offsets = c.ticks.map((t) =>
      t.at === "time"
        ? timeMs
        : t.at === "expiresAt"
          ? expiresMs
          : timeMs + Math.round(t.at * c.seconds * 1000),
    );
    const drawn = c.ticks.map((t, i) => ({ price: t.price, ms: offsets[i] ?? timeMs }));
    const ticks = drawn
      .sort((a, b) => a.ms - b.ms)
      .map((t, i) => ({
        seq: String(c.firstSeq + BigInt(i)),
        price: t.price,
        ts: iso(t.ms),
        hash: HASH,
      }));
    return {
      timeMs,
      expiresMs,
      ticks,
      terms: {
        direction: c.direction,
        stake: c.stake,
        fee: c.fee,
        payoutRate: c.payoutRate,
        time: iso(timeMs),
        expiresAt: iso(expiresMs),
      },
    };
  });

const inWindow = (c: Case) =>
  c.ticks.filter((t) => Date.parse(t.ts) > c.timeMs && Date.parse(t.ts) <= c.expiresMs);

const flip = (terms: OptionTerms): OptionTerms => ({
  ...terms,
  direction: terms.direction === "up" ? "down" : "up",
});

const mirrored: Record<OptionSettlement["result"], OptionSettlement["result"]> = {
  win: "lose",
  lose: "win",
  tie: "tie",
  void: "void",
};

describe("settleOption on random tick sequences", () => {
  it("enters on the first tick after time and exits on the last at or before expiresAt", () => {
    fc.assert(
      fc.property(settlementCase, (c) => {
        const window = inWindow(c);
        const settled = settleOption(c.terms, c.ticks);
        const [entry, exit] = [window[0], window[window.length - 1]];
        if (entry === undefined || exit === undefined) {
          expect(settled.result).toBe("void");
          return;
        }
        expect(settled.entry).toEqual(entry);
        expect(settled.exit).toEqual(exit);
        const move = compare(exit.price, entry.price);
        const expected =
          move === 0 ? "tie" : move > 0 === (c.terms.direction === "up") ? "win" : "lose";
        expect(settled.result).toBe(expected);
      }),
    );
  });

  it("voids with stake and fee back when no tick falls in (time, expiresAt]", () => {
    fc.assert(
      fc.property(settlementCase, (c) => {
        const outside = c.ticks.filter((t) => !inWindow(c).includes(t));
        expect(settleOption(c.terms, outside)).toEqual({
          result: "void",
          reason: "no-ticks",
          entry: null,
          exit: null,
          profit: 0n,
          returned: c.terms.stake + c.terms.fee,
        });
      }),
    );
  });

  it("counts a tick exactly at expiresAt as the exit", () => {
    fc.assert(
      fc.property(settlementCase, price, (c, last) => {
        const lastSeq = c.ticks.reduce((s, t) => (BigInt(t.seq) > s ? BigInt(t.seq) : s), 0n);
        const atExpiry = {
          seq: String(lastSeq + 1n),
          price: last,
          ts: c.terms.expiresAt,
          hash: HASH,
        };
        const settled = settleOption(c.terms, [...c.ticks, atExpiry]);
        expect(settled.exit).toEqual(atExpiry);
      }),
    );
  });

  it("never enters on a tick exactly at time", () => {
    fc.assert(
      fc.property(settlementCase, fc.array(price, { minLength: 1, maxLength: 5 }), (c, prices) => {
        const atTime = prices.map((p, i) => ({
          seq: String(-1 - i),
          price: p,
          ts: c.terms.time,
          hash: HASH,
        }));
        const withTicksAtTime = settleOption(c.terms, [...atTime, ...c.ticks]);
        expect(withTicksAtTime).toEqual(settleOption(c.terms, c.ticks));
        expect(withTicksAtTime.entry?.ts).not.toBe(c.terms.time);
      }),
    );
  });

  it("ties when the window holds one tick (entry is exit), returning the stake", () => {
    fc.assert(
      fc.property(settlementCase, price, fc.double({ min: 0, max: 1, noNaN: true }), (c, p, at) => {
        // Strictly after time, at most expiresAt.
        const ms = c.timeMs + 1 + Math.floor(at * (c.expiresMs - c.timeMs - 1));
        const only = { seq: "7", price: p, ts: iso(ms), hash: HASH };
        const settled = settleOption(c.terms, [only]);
        expect(settled).toEqual({
          result: "tie",
          entry: only,
          exit: only,
          profit: 0n,
          returned: c.terms.stake,
        });
      }),
    );
  });

  it("ties whenever the exit price equals the entry price, whatever happened between", () => {
    fc.assert(
      fc.property(settlementCase, (c) => {
        const [entry] = inWindow(c);
        fc.pre(entry !== undefined);
        const same = c.ticks.map((t) => ({ ...t, price: entry?.price ?? "" }));
        const settled = settleOption(c.terms, same);
        expect(settled.result).toBe("tie");
        expect(settled.profit).toBe(0n);
        expect(settled.returned).toBe(c.terms.stake);
      }),
    );
  });

  it("swaps win and lose when the direction is swapped; ties and voids stay", () => {
    fc.assert(
      fc.property(settlementCase, (c) => {
        const settled = settleOption(c.terms, c.ticks);
        const swapped = settleOption(flip(c.terms), c.ticks);
        expect(swapped.result).toBe(mirrored[settled.result]);
        expect(swapped.entry).toEqual(settled.entry);
        expect(swapped.exit).toEqual(settled.exit);
      }),
    );
  });

  it("pays stake + floor(stake × rate) on a win, the stake on a tie, nothing on a loss", () => {
    fc.assert(
      fc.property(settlementCase, (c) => {
        const s = settleOption(c.terms, c.ticks);
        const { stake: st, fee, payoutRate } = c.terms;
        // floor(stake × rate) with the rate read as an exact fraction n / 10^4.
        const n = BigInt(Math.round(Number(payoutRate) * 10_000));
        const floorProfit = (st * n) / 10_000n;
        const expected = {
          win: { profit: floorProfit, returned: st + floorProfit },
          lose: { profit: -st, returned: 0n },
          tie: { profit: 0n, returned: st },
          void: { profit: 0n, returned: st + fee },
        }[s.result];
        expect({ profit: s.profit, returned: s.returned }).toEqual(expected);
        expect(optionProfit(st, payoutRate)).toBe(floorProfit);
      }),
    );
  });

  it("does not depend on the order the ticks are given in", () => {
    fc.assert(
      fc.property(
        settlementCase.chain((c) =>
          fc.tuple(fc.constant(c), fc.shuffledSubarray(c.ticks, { minLength: c.ticks.length })),
        ),
        ([c, shuffled]) => {
          expect(settleOption(c.terms, shuffled)).toEqual(settleOption(c.terms, c.ticks));
        },
      ),
    );
  });
});

describe("optionFee and expectedLossRate", () => {
  it("rounds the fee up: the smallest whole unit at or above stake × feeRate", () => {
    fc.assert(
      fc.property(stake, rate, (st, feeRate) => {
        const n = BigInt(Math.round(Number(feeRate) * 10_000));
        const fee = optionFee(st, feeRate);
        expect(fee * 10_000n >= st * n).toBe(true);
        expect((fee - 1n) * 10_000n < st * n).toBe(true);
      }),
    );
    expect(optionFee(1n, "0.01")).toBe(1n);
    expect(optionFee(10_000_000n, "0.01")).toBe(100_000n);
  });

  it("says a 50/50 guess at 0.85 without a fee loses 7.5 % of the stake", () => {
    expect(expectedLossRate("0.85", "0")).toBe("0.075");
    expect(expectedLossRate("0.85", "0.01")).toBe("0.085");
    expect(expectedLossRate("1", "0")).toBe("0");
  });
});
