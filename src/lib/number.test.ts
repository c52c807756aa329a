import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactNumber, formatThousands } from "./number";

describe("formatThousands", () => {
  it("groups digits per locale", () => {
    expect(formatThousands("1234567.5", "en")).toBe("1,234,567.5");
    expect(formatThousands("1234567.5", "de")).toBe("1.234.567,5");
    expect(formatThousands("1234567.5", "jp")).toBe("1,234,567.5");
    expect(formatThousands("-1234567.5", "tc")).toBe("-1,234,567.5");
    expect(formatThousands("999", "en")).toBe("999");
    expect(formatThousands("0", "en")).toBe("0");
  });

  it("follows locale grouping rules rather than a fixed pattern", () => {
    // Spanish does not group four-digit numbers; Indian English groups by two after the first three.
    expect(formatThousands("1234", "es")).toBe("1234");
    expect(formatThousands("12345", "es")).toBe("12.345");
    expect(formatThousands("12345678", "en-IN")).toBe("1,23,45,678");
  });

  it("is exact for 25 digits and more, where a double is not", () => {
    expect(formatThousands("1234567890123456789012345.123456789012345678901234567", "en")).toBe(
      "1,234,567,890,123,456,789,012,345.123456789012345678901234567",
    );
    expect(formatThousands("9007199254740993", "en")).toBe("9,007,199,254,740,993");
  });

  it("keeps the sign of values between -1 and 0", () => {
    expect(formatThousands("-0.5", "en")).toBe("-0.5");
    expect(formatThousands("-0.000001", "de")).toBe("-0,000001");
  });

  it("pads and rounds decimals as asked, toward zero by default", () => {
    expect(formatThousands("1234.5", "en", { minDecimals: 2 })).toBe("1,234.50");
    expect(formatThousands("1234.5678", "en", { maxDecimals: 2 })).toBe("1,234.56");
    expect(formatThousands("-1234.5678", "en", { maxDecimals: 2 })).toBe("-1,234.56");
    expect(formatThousands("1234.5678", "en", { maxDecimals: 2, rounding: "half-even" })).toBe(
      "1,234.57",
    );
    expect(formatThousands("1.2000", "en", { maxDecimals: 2 })).toBe("1.20");
    expect(formatThousands("999.999", "en", { maxDecimals: 0, rounding: "up" })).toBe("1,000");
    // Rounds to zero: shown without a minus sign.
    expect(formatThousands("-0.001", "en", { maxDecimals: 2 })).toBe("0.00");
  });

  it("writes the fraction in the locale's own digits", () => {
    expect(formatThousands("-1234.05", "ar-EG")).toBe(
      new Intl.NumberFormat("ar-EG", { minimumFractionDigits: 2 }).format(-1234.05),
    );
  });

  it("rejects what is not a decimal string or a sane option", () => {
    expect(() => formatThousands("1e6", "en")).toThrow(TypeError);
    expect(() => formatThousands("1,000", "en")).toThrow(TypeError);
    expect(() => formatThousands("1", "en", { minDecimals: 3, maxDecimals: 2 })).toThrow(
      RangeError,
    );
    expect(() => formatThousands("1", "en", { minDecimals: -1 })).toThrow(RangeError);
  });

  it("matches Intl's own exact decimal formatting (Node 20) for any value", () => {
    const decimal = fc
      .tuple(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 20 }),
      )
      .map(([neg, whole, frac]) => (neg ? "-" : "") + whole + (frac ? "." + frac : ""));
    fc.assert(
      fc.property(decimal, fc.constantFrom("en", "de", "fr", "es", "th", "vi", "ko"), (v, tag) => {
        const decimals = v.includes(".") ? v.length - v.indexOf(".") - 1 : 0;
        const oracle = new Intl.NumberFormat(tag, {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        }).format(v as `${number}`);
        // Intl prints "-0" for negative zero; we never show a signed zero.
        expect(formatThousands(v, tag)).toBe(/[1-9]/.test(v) ? oracle : oracle.replace("-", ""));
      }),
    );
  });
});

describe("compactNumber", () => {
  it.each([
    ["0", "0"],
    ["999", "999"],
    ["12.3456", "12.34"],
    ["1000", "1k"],
    ["1234", "1.23k"],
    ["999999", "999.99k"],
    ["-5600000", "-5.6M"],
    ["1500000000", "1.5G"],
    ["2000000000000", "2T"],
    ["3210000000000000", "3.21P"],
    ["4000000000000000000", "4E"],
    ["1000000000000000000000", "1000E"],
    ["-0.001", "0"],
    ["000123456", "123.45k"],
  ])("%s -> %s", (value, expected) => {
    expect(compactNumber(value)).toBe(expected);
  });

  it("uses the locale's separators for the mantissa", () => {
    expect(compactNumber("1234", "de")).toBe("1,23k");
    expect(compactNumber("1234", "en")).toBe("1.23k");
    expect(compactNumber("1000000000000000000000000", "en")).toBe("1,000,000E");
  });

  it("never overstates and never needs more than 2 decimals", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), (n) => {
        const out = compactNumber(n.toString());
        const match = /^(-?\d+(?:\.(\d{1,2}))?)([kMGTPE]?)$/.exec(out);
        expect(match).not.toBeNull();
        const power = { "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 }[match?.[3] ?? ""] ?? 0;
        const [whole = "", frac = ""] = (match?.[1] ?? "").split(".");
        const shown = BigInt(whole + frac.padEnd(2, "0")) * 10n ** BigInt(power);
        const abs = (x: bigint) => (x < 0n ? -x : x);
        // |shown| <= |n| * 100 and within one hundredth of a step below it.
        expect(abs(shown) <= abs(n) * 100n).toBe(true);
        expect(abs(n) * 100n - abs(shown) < 10n ** BigInt(power)).toBe(true);
      }),
    );
  });

  it("rejects what is not a decimal string", () => {
    expect(() => compactNumber("1e9")).toThrow(TypeError);
  });
});
