import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  add,
  divRound,
  formatFixed,
  max,
  min,
  mulDiv,
  ROUND_CREDIT,
  ROUND_DEBIT,
  roundTo,
  sign,
  type Rounding,
  compare,
  divide,
  formatUnits,
  isDecimalString,
  isZero,
  multiply,
  negate,
  parseUnits,
  percentChange,
  percentOf,
  sub,
} from "./decimal";

/** A decimal string with at most `maxDecimals` decimals, including values far beyond 2^53. */
const decimalString = (maxDecimals: number) =>
  fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** 40n }),
      fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: maxDecimals }),
    )
    .map(([neg, whole, frac]) => (neg ? "-" : "") + whole.toString() + (frac ? "." + frac : ""));

describe("isDecimalString", () => {
  it.each(["0", "123", "-1.5", "0.000001", "007", "-0"])("accepts %j", (s) => {
    expect(isDecimalString(s)).toBe(true);
  });
  it.each(["", "1e5", "1.2.3", " 1", "1 ", "+1", ".5", "1.", "-", "١٢", "0x10", "Infinity", "NaN"])(
    "rejects %j",
    (s) => {
      expect(isDecimalString(s)).toBe(false);
    },
  );
  it("rejects non-strings", () => {
    expect(isDecimalString(1.5)).toBe(false);
    expect(isDecimalString(null)).toBe(false);
  });
});

describe("parseUnits", () => {
  it("reads plain decimal strings into smallest units", () => {
    expect(parseUnits("123", 6)).toBe(123_000_000n);
    expect(parseUnits("-1.5", 6)).toBe(-1_500_000n);
    expect(parseUnits("0.000001", 6)).toBe(1n);
    expect(parseUnits("-0", 6)).toBe(0n);
    expect(parseUnits("42", 0)).toBe(42n);
  });

  it("is exact far beyond 2^53", () => {
    expect(parseUnits("123456789012345678901234567.12345678", 8)).toBe(
      12345678901234567890123456712345678n,
    );
  });

  it.each(["", "1e5", "1.2.3", " 1"])("throws a TypeError for %j", (s) => {
    expect(() => parseUnits(s, 6)).toThrow(TypeError);
  });

  it("refuses to drop decimals silently", () => {
    expect(() => parseUnits("0.0000001", 6)).toThrow(RangeError);
    expect(() => parseUnits("0.0000001", 6)).toThrow(/rounding mode/);
  });

  it("rounds extra decimals when a mode is given", () => {
    expect(parseUnits("0.0000001", 6, "up")).toBe(1n);
    expect(parseUnits("0.0000001", 6, "down")).toBe(0n);
    expect(parseUnits("-1.0000005", 6, "floor")).toBe(-1_000_001n);
    expect(parseUnits("-1.0000005", 6, "ceil")).toBe(-1_000_000n);
    expect(parseUnits("2.5", 0, "half-even")).toBe(2n);
    expect(parseUnits("3.5", 0, "half-even")).toBe(4n);
  });

  it.each([-1, 1.5, 37, Number.NaN])("rejects scale %s", (scale) => {
    expect(() => parseUnits("1", scale)).toThrow(RangeError);
  });
});

describe("formatUnits", () => {
  it("writes the canonical wire form by default", () => {
    expect(formatUnits(1_500_000n, 6)).toBe("1.5");
    expect(formatUnits(1_250_500_000n, 6)).toBe("1250.5");
    expect(formatUnits(-1n, 6)).toBe("-0.000001");
    expect(formatUnits(0n, 6)).toBe("0");
    expect(formatUnits(7n, 0)).toBe("7");
    expect(formatUnits(100_000_000n, 8)).toBe("1");
  });

  it("keeps or pads zeros on request", () => {
    expect(formatUnits(1_500_000n, 6, { trimZeros: false })).toBe("1.500000");
    expect(formatUnits(1_500_000n, 6, { minDecimals: 2 })).toBe("1.50");
    expect(formatUnits(1_234_567n, 6, { minDecimals: 2 })).toBe("1.234567");
    expect(formatUnits(-5n, 0, { minDecimals: 2 })).toBe("-5.00");
  });

  it("round-trips with parseUnits for any amount and scale", () => {
    fc.assert(
      fc.property(
        fc.bigInt(),
        fc.integer({ min: 0, max: 36 }),
        fc.boolean(),
        (units, scale, trim) => {
          const text = formatUnits(units, scale, { trimZeros: trim });
          expect(isDecimalString(text)).toBe(true);
          expect(parseUnits(text, scale)).toBe(units);
        },
      ),
    );
  });

  it("gives back the same number for any decimal string within the scale", () => {
    fc.assert(
      fc.property(decimalString(8), (s) => {
        expect(compare(formatUnits(parseUnits(s, 8), 8), s)).toBe(0);
      }),
    );
  });
});

describe("add, sub, compare, isZero, negate", () => {
  it("computes exactly where doubles would not", () => {
    expect(add("0.1", "0.2", 6)).toBe("0.3");
    expect(sub("1", "0.9", 6)).toBe("0.1");
    expect(add("9007199254740993", "0.000001", 6)).toBe("9007199254740993.000001");
    expect(sub("1.5", "1.5", 6)).toBe("0");
  });

  it("rejects operands with more decimals than the asset has", () => {
    expect(() => add("0.0000001", "1", 6)).toThrow(RangeError);
  });

  it("sub undoes add", () => {
    fc.assert(
      fc.property(decimalString(6), decimalString(6), (a, b) => {
        expect(sub(add(a, b, 6), b, 6)).toBe(formatUnits(parseUnits(a, 6), 6));
        expect(add(a, b, 6)).toBe(add(b, a, 6));
      }),
    );
  });

  it("compares exactly at any precision", () => {
    expect(compare("1.10", "1.1")).toBe(0);
    expect(compare("-0", "0")).toBe(0);
    expect(compare("9007199254740993", "9007199254740992")).toBe(1);
    expect(compare("0.000000000000000000001", "0")).toBe(1);
    expect(compare("-2", "-1.999999999999")).toBe(-1);
    fc.assert(
      fc.property(decimalString(10), decimalString(10), (a, b) => {
        // Antisymmetric; a sum, not toBe(-x): equal operands give 0 and -0, which toBe tells apart.
        expect(compare(a, b) + compare(b, a)).toBe(0);
        expect(compare(a, b)).toBe(Math.sign(compare(sub(a, b, 10), "0")));
      }),
    );
  });

  it("tells zero apart and negates without a -0", () => {
    expect(isZero("0.000")).toBe(true);
    expect(isZero("-0")).toBe(true);
    expect(isZero("0.001")).toBe(false);
    expect(negate("1.50")).toBe("-1.50");
    expect(negate("-0.000001")).toBe("0.000001");
    expect(negate("0.00")).toBe("0.00");
    expect(negate("-0")).toBe("0");
    expect(() => negate("1e3")).toThrow(TypeError);
  });
});

describe("multiply and divide", () => {
  it("rounds fees up and credits down", () => {
    // 0.1% fee on 12.345678 USDT is 0.012345678 exactly.
    expect(multiply("12.345678", "0.001", 6, "up")).toBe("0.012346");
    expect(multiply("12.345678", "0.001", 6, "down")).toBe("0.012345");
    expect(multiply("-12.345678", "0.001", 6, "up")).toBe("-0.012346");
    expect(multiply("-12.345678", "0.001", 6, "ceil")).toBe("-0.012345");
    expect(multiply("0.5", "0.5", 2, "half-even")).toBe("0.25");
    expect(multiply("0.05", "0.5", 1, "half-even")).toBe("0");
    expect(multiply("0.15", "1", 1, "half-even")).toBe("0.2");
    expect(multiply("123456789012345678901234567890", "2", 0, "down")).toBe(
      "246913578024691357802469135780",
    );
  });

  it("divides with an explicit direction", () => {
    expect(divide("10", "3", 6, "down")).toBe("3.333333");
    expect(divide("10", "3", 6, "up")).toBe("3.333334");
    expect(divide("-10", "3", 2, "floor")).toBe("-3.34");
    expect(divide("1", "0.25", 0, "down")).toBe("4");
    expect(divide("0.000001", "1000", 8, "up")).toBe("0.00000001");
    expect(() => divide("1", "0.000", 6, "up")).toThrow(RangeError);
  });

  it("stays within one unit of the exact product: floor <= exact <= ceil", () => {
    fc.assert(
      fc.property(
        decimalString(8),
        decimalString(8),
        fc.integer({ min: 0, max: 12 }),
        (a, b, scale) => {
          const floor = parseUnits(multiply(a, b, scale, "floor"), scale);
          const ceil = parseUnits(multiply(a, b, scale, "ceil"), scale);
          // The exact product at 16 decimals, which holds it without loss.
          const exact = parseUnits(a, 8) * parseUnits(b, 8);
          const unit = 10n ** BigInt(16 - scale);
          expect(floor * unit <= exact).toBe(true);
          expect(exact <= ceil * unit).toBe(true);
          expect(ceil - floor).toBe(exact % unit === 0n ? 0n : 1n);
          const up = parseUnits(multiply(a, b, scale, "up"), scale);
          expect(up).toBe(exact < 0n ? floor : ceil);
        },
      ),
    );
  });

  it("divide agrees with divRound on the units", () => {
    fc.assert(
      fc.property(
        decimalString(6),
        decimalString(6).filter((b) => !isZero(b)),
        fc.constantFrom("up", "down", "ceil", "floor", "half-even" as const),
        (a, b, mode) => {
          const expected = divRound(parseUnits(a, 6) * 10n ** 8n, parseUnits(b, 6), mode);
          expect(parseUnits(divide(a, b, 8, mode), 8)).toBe(expected);
        },
      ),
    );
  });
});

describe("percentages", () => {
  it("takes a percent of a value", () => {
    expect(percentOf("200", "2.5", 6, "down")).toBe("5");
    expect(percentOf("33.333333", "10", 6, "up")).toBe("3.333334");
    expect(percentOf("33.333333", "10", 6, "down")).toBe("3.333333");
    expect(percentOf("-50", "10", 2, "down")).toBe("-5");
  });

  it("measures a change in percent", () => {
    expect(percentChange("100", "105", 2, "half-even")).toBe("5");
    expect(percentChange("64000.5", "63000", 2, "half-even")).toBe("-1.56");
    expect(percentChange("-100", "-50", 2, "down")).toBe("50");
    expect(() => percentChange("0", "1", 2, "down")).toThrow(RangeError);
  });
});

describe("never a JavaScript number", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("runs every operation without float parsing or Math rounding", () => {
    const forbidden = () => {
      throw new Error("a number API was used on a money value");
    };
    vi.spyOn(globalThis, "parseFloat").mockImplementation(forbidden);
    vi.spyOn(globalThis, "parseInt").mockImplementation(forbidden);
    for (const name of ["round", "floor", "ceil", "trunc", "pow"] as const) {
      vi.spyOn(Math, name).mockImplementation(forbidden);
    }
    vi.spyOn(Number.prototype, "toFixed").mockImplementation(forbidden);
    const big = "98765432109876543210.12345678";
    const results = [
      formatUnits(parseUnits(big, 8), 8),
      add(big, "0.00000001", 8),
      sub(big, big, 8),
      multiply(big, "1.00000001", 8, "up"),
      divide(big, "3", 8, "down"),
      percentOf(big, "0.1", 8, "up"),
      percentChange("3", big, 8, "down"),
      negate(big),
      String(compare(big, "1")),
      String(isZero(big)),
    ];
    vi.restoreAllMocks();
    expect(results).toEqual([
      big,
      "98765432109876543210.12345679",
      "0",
      "98765433097530864308.88888889",
      "32921810703292181070.04115226",
      "98765432109876543.21012346",
      "3292181070329218106904.115226",
      "-" + big,
      "1",
      "false",
    ]);
  });
});

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

describe("the fixed form and the helpers", () => {
  it("keeps a market's places", () => {
    expect(formatFixed(5n, 3)).toBe("0.005");
    expect(formatFixed(-12345n, 2)).toBe("-123.45");
    expect(formatFixed(6_725_000n, 2)).toBe("67250.00");
    expect(formatFixed(3n, 0)).toBe("3");
  });

  it("rounds half up away from zero", () => {
    expect(divRound(5n, 2n, "half-up")).toBe(3n);
    expect(divRound(-5n, 2n, "half-up")).toBe(-3n);
    expect(divRound(4n, 3n, "half-up")).toBe(1n);
    expect(parseUnits("99.995", 2, "half-up")).toBe(10000n);
    expect(roundTo("1.255", 2, "half-up")).toBe("1.26");
    expect(roundTo("1.250", 1, "half-even")).toBe("1.2");
  });

  it("picks min, max and sign exactly", () => {
    expect(min("1.50", "1.499")).toBe("1.499");
    expect(max("-1", "-1.0001")).toBe("-1");
    expect(sign("-0")).toBe(0);
    expect(sign("-0.000001")).toBe(-1);
    expect(sign("3")).toBe(1);
  });
});

describe("the market's fixed decimals", () => {
  it("convert between units and strings", () => {
    expect(formatFixed(5n, 3)).toBe("0.005");
    expect(parseUnits("123.4", 2)).toBe(12340n);
    expect(parseUnits("-0.05", 2)).toBe(-5n);
    expect(() => parseUnits("1.234", 2)).toThrow("more than 2 decimals");
    expect(() => parseUnits("1e5", 2)).toThrow("Not a decimal");
  });
});
