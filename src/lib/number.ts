// Display of decimal strings: locale grouping and k/M/G/T/P/E suffixes, computed on bigint so that
// a balance is shown digit for digit (a double would print 9007199254740993 as ...992).
import {
  divide,
  formatUnits,
  isDecimalString,
  notDecimal,
  parseUnits,
  type Rounding,
} from "../../protocol/decimal";
import { badInteger } from "./errors";
import { intlLocale } from "./intl-locale";

export interface ThousandsOptions {
  /** Pad to at least this many decimals. Default 0. */
  minDecimals?: number;
  /** Round to at most this many decimals. Default: keep every decimal given. */
  maxDecimals?: number;
  /** How extra decimals go. Default "down" (toward zero): a display never overstates an amount. */
  rounding?: Rounding;
}

const MAX_DECIMALS = 36;

// Formatters are costly to build and lists format many rows.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(tag: string, fraction: boolean): Intl.NumberFormat {
  const key = `${tag}|${fraction}`;
  let nf = formatters.get(key);
  if (!nf) {
    const digits = fraction ? 1 : 0;
    nf = new Intl.NumberFormat(tag, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * "1234567.5" -> "1,234,567.5" (en), "1.234.567,5" (de). Intl lays out sign, grouping and the
 * decimal separator from a bigint, which every engine formats exactly; the fraction digits are
 * ours, written in the locale's digits. Strings passed to Intl directly are exact only since
 * Intl.NumberFormat v3 (e.g. not in Firefox 115 ESR), and fraction digits there stop at 20.
 */
export function formatThousands(
  value: string,
  locale: string,
  opts: ThousandsOptions = {},
): string {
  if (!isDecimalString(value)) throw notDecimal(value);
  const min = opts.minDecimals ?? 0;
  const max = opts.maxDecimals ?? MAX_DECIMALS;
  if (!Number.isInteger(min) || min < 0 || min > MAX_DECIMALS) {
    throw badInteger("minDecimals", min, 0, MAX_DECIMALS);
  }
  if (!Number.isInteger(max) || max < min || max > MAX_DECIMALS) {
    throw badInteger("maxDecimals", max, min, MAX_DECIMALS);
  }
  const point = value.indexOf(".");
  const given = point < 0 ? 0 : value.length - point - 1;
  const decimals = Math.min(Math.max(given, min), max);
  const units = parseUnits(value, decimals, opts.rounding ?? "down");
  const text = formatUnits(units < 0n ? -units : units, decimals, { trimZeros: false });
  const [whole = "0", fraction = ""] = text.split(".");
  // -0.5 has a zero integer part, which as a bigint loses its sign: lay out -1 and swap the digit.
  const signedWhole = units < 0n ? -BigInt(whole) || -1n : BigInt(whole);
  const nf = formatter(intlLocale(locale), decimals > 0);
  const zero = nf.formatToParts(0n).find((p) => p.type === "integer")?.value ?? "0";
  // Unicode decimal digits run contiguously from their zero, in every numbering system.
  const offset = (zero.codePointAt(0) ?? 48) - 48;
  const localDigits = (digits: string) =>
    digits.replace(/\d/g, (d) => String.fromCodePoint(d.charCodeAt(0) + offset));
  return nf
    .formatToParts(signedWhole)
    .map((part) => {
      if (part.type === "fraction") return localDigits(fraction);
      if (part.type === "integer" && whole === "0") return zero;
      return part.value;
    })
    .join("");
}

const SUFFIXES = ["", "k", "M", "G", "T", "P", "E"] as const;

/**
 * "1234" -> "1.23k", "-5600000" -> "-5.6M", "999" -> "999": steps of 1000, at most 2 decimals,
 * cut toward zero so "999999" reads "999.99k", not a rounded-up "1000k". Past E the mantissa
 * grows ("1000E"). With a locale the mantissa uses its separators ("1,23k" in de); the suffixes
 * are symbols and stay as they are.
 */
export function compactNumber(value: string, locale?: string): string {
  if (!isDecimalString(value)) throw notDecimal(value);
  const whole = value.split(".")[0]?.replace(/^-?0*/, "") ?? "";
  const tier = Math.min(SUFFIXES.length - 1, Math.floor(Math.max(whole.length - 1, 0) / 3));
  const mantissa = divide(value, "1" + "000".repeat(tier), 2, "down");
  return (locale === undefined ? mantissa : formatThousands(mantissa, locale)) + SUFFIXES[tier];
}
