import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divRound, mulDiv, ROUND_CREDIT, ROUND_DEBIT, type Rounding } from "./rounding";

const modes: Rounding[] = ["up", "down", "ceil", "floor", "half-even"];

describe("divRound", () => {
  // Each row: n, d, then the expected result for up, down, ceil, floor, half-even.
  const table: [bigint, bigint, bigint[]][] = [
    [7n, 2n, [4n, 3n, 4n, 3n, 4n]], // 3.5 -> tie to even 4
    [5n, 2n, [3n, 2n, 3n, 2n, 2n]], // 2.5 -> tie to even 2
    [-7n, 2n, [-4n, -3n, -3n, -4n, -4n]],
    [-5n, 2n, [-3n, -2n, -2n, -3n, -2n]],
    [7n, -2n, [-4n, -3n, -3n, -4n, -4n]],
    [10n, 3n, [4n, 3n, 4n, 3n, 3n]],
    [11n, 3n, [4n, 3n, 4n, 3n, 4n]],
    [-11n, -3n, [4n, 3n, 4n, 3n, 4n]],
    [6n, 3n, [2n, 2n, 2n, 2n, 2n]],
    [0n, 5n, [0n, 0n, 0n, 0n, 0n]],
  ];
  for (const [n, d, expected] of table) {
    it(`rounds ${n}/${d} in every mode`, () => {
      expect(modes.map((m) => divRound(n, d, m))).toEqual(expected);
    });
  }

  it("throws a RangeError on division by zero", () => {
    expect(() => divRound(1n, 0n, "up")).toThrow(RangeError);
  });

  it("rejects an unknown mode that slipped past the types", () => {
    expect(() => divRound(1n, 3n, "nearest" as Rounding)).toThrow(/rounding mode/);
  });

  it("stays within one unit of the exact quotient, on the documented side", () => {
    fc.assert(
      fc.property(
        fc.bigInt(),
        fc.bigInt().filter((d) => d !== 0n),
        (n, d) => {
          const floor = divRound(n, d, "floor");
          const ceil = divRound(n, d, "ceil");
          // floor <= n/d <= ceil, compared without division: multiply through by |d|.
          const sign = d < 0n ? -1n : 1n;
          expect(floor * d * sign <= n * sign).toBe(true);
          expect(ceil * d * sign >= n * sign).toBe(true);
          expect(ceil - floor).toBe(n % d === 0n ? 0n : 1n);
          const up = divRound(n, d, "up");
          const down = divRound(n, d, "down");
          const abs = (x: bigint) => (x < 0n ? -x : x);
          expect(abs(up) >= abs(down)).toBe(true);
          const half = divRound(n, d, "half-even");
          // |half * d - n| <= |d| / 2
          expect(2n * abs(half * d - n) <= abs(d)).toBe(true);
        },
      ),
    );
  });
});

describe("mulDiv", () => {
  it("rounds once, after the full product", () => {
    // 0.1% fee on 333 units: exact 0.333 -> debit rounds up to 1, credit down to 0.
    expect(mulDiv(333n, 1n, 1000n, ROUND_DEBIT)).toBe(1n);
    expect(mulDiv(333n, 1n, 1000n, ROUND_CREDIT)).toBe(0n);
    expect(mulDiv(10n ** 30n, 3n, 10n ** 30n, "down")).toBe(3n);
  });
});
