// The options part of config.ts: which rise/fall products are offered and on what terms
// (GET /options/products). Demo offers 30, 60, 120 and 300 s; production offers what
// OPTIONS_PRODUCTS lists, and none without it: payout and fee terms price real money, so they
// are the operator's explicit choice, never a default. Problems are collected like every other
// config section.
import type { QuantaMode } from "../../../protocol/health";
import { USDT_SCALE } from "../../../protocol/assets";
import { compare, formatUnits, parseUnits } from "../../../protocol/decimal";
import { optionProfit, type OptionsProduct } from "../../../protocol/options";

export interface OptionsConfig {
  /** Shortest first; rates and amounts as canonical decimal strings. */
  products: readonly OptionsProduct[];
}

/** A win pays 85 % of the stake on top of it; 1 % fee (10 USDT → 18.50 back on a win, fee 0.10). */
const DEMO_TERMS = { payoutRate: "0.85", feeRate: "0.01", minAmount: "1", maxAmount: "10000" };

export const DEMO_OPTIONS_PRODUCTS: readonly OptionsProduct[] = [30, 60, 120, 300].map(
  (seconds) => ({ seconds, ...DEMO_TERMS }),
);

export const OPTIONS_PRODUCTS_FORMAT =
  "seconds:payoutRate:feeRate:minAmount:maxAmount, comma-separated";

const SECONDS = { min: 5, max: 86_400 };
/** Rates have at most this many decimal places ("0.8525"). */
const RATE_PLACES = 4;
/** Bounds that catch a typo such as "85" for 0.85 or "1" for a 1 % fee. */
const MAX_PAYOUT_RATE = "1";
const MAX_FEE_RATE = "0.1";
const MAX_AMOUNT = "1000000000";

export function parseOptionsConfig(
  read: (name: string) => string | undefined,
  mode: QuantaMode,
  problems: string[],
): OptionsConfig {
  const value = read("OPTIONS_PRODUCTS");
  if (value === undefined) return { products: mode === "demo" ? DEMO_OPTIONS_PRODUCTS : [] };
  const products: OptionsProduct[] = [];
  for (const [index, entry] of value.split(",").entries()) {
    const found: string[] = [];
    const product = parseProduct(entry.trim(), found);
    for (const problem of found) {
      problems.push(`OPTIONS_PRODUCTS item ${index + 1} ("${entry.trim()}"): ${problem}`);
    }
    if (product === null) continue;
    if (products.some((p) => p.seconds === product.seconds)) {
      problems.push(`OPTIONS_PRODUCTS lists ${product.seconds} s more than once`);
      continue;
    }
    products.push(product);
  }
  return { products: products.sort((a, b) => a.seconds - b.seconds) };
}

/** One `seconds:payoutRate:feeRate:minAmount:maxAmount`; null (with problems) when invalid. */
function parseProduct(entry: string, problems: string[]): OptionsProduct | null {
  const parts = entry.split(":").map((part) => part.trim());
  if (parts.length !== 5) {
    problems.push(`must be ${OPTIONS_PRODUCTS_FORMAT.split(",")[0]}, like 60:0.85:0.01:1:10000`);
    return null;
  }
  const [secondsText = "", payout = "", fee = "", min = "", max = ""] = parts;
  const seconds = /^\d{1,6}$/.test(secondsText) ? Number(secondsText) : NaN;
  if (!(seconds >= SECONDS.min && seconds <= SECONDS.max)) {
    problems.push(`seconds must be an integer from ${SECONDS.min} to ${SECONDS.max}`);
  }
  const payoutRate = rate(payout, "payoutRate", { above: "0", atMost: MAX_PAYOUT_RATE }, problems);
  const feeRate = rate(fee, "feeRate", { atLeast: "0", atMost: MAX_FEE_RATE }, problems);
  const minAmount = usdt(min, "minAmount", problems);
  const maxAmount = usdt(max, "maxAmount", problems);
  if (minAmount !== null && maxAmount !== null && minAmount > maxAmount) {
    problems.push("minAmount must not be above maxAmount");
  }
  if (minAmount !== null && payoutRate !== null && optionProfit(minAmount, payoutRate) <= 0n) {
    // A win must pay something: the schema refuses a winning order with no profit.
    problems.push("a win at minAmount must pay at least 0.000001 USDT (raise minAmount)");
  }
  if (problems.length > 0 || payoutRate === null || feeRate === null) return null;
  if (minAmount === null || maxAmount === null) return null;
  return {
    seconds,
    payoutRate,
    minAmount: formatUnits(minAmount, USDT_SCALE),
    maxAmount: formatUnits(maxAmount, USDT_SCALE),
    feeRate,
  };
}

/** A rate as a canonical decimal string, within its bounds; null (with a problem) otherwise. */
function rate(
  text: string,
  name: string,
  bounds: { above?: string; atLeast?: string; atMost: string },
  problems: string[],
): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const lower = bounds.above !== undefined ? `above ${bounds.above}` : `at least ${bounds.atLeast}`;
  const rule = `${name} must be a decimal ${lower} and at most ${bounds.atMost}, with at most ${RATE_PLACES} decimal places`;
  if (!match || (match[2] ?? "").length > RATE_PLACES) {
    problems.push(rule);
    return null;
  }
  const canonical = formatUnits(parseUnits(text, RATE_PLACES), RATE_PLACES);
  const tooLow =
    bounds.above !== undefined
      ? compare(canonical, bounds.above) <= 0
      : compare(canonical, bounds.atLeast ?? "0") < 0;
  if (tooLow || compare(canonical, bounds.atMost) > 0) {
    problems.push(rule);
    return null;
  }
  return canonical;
}

/** A USDT amount in units, above 0 and at most MAX_AMOUNT; null (with a problem) otherwise. */
function usdt(text: string, name: string, problems: string[]): bigint | null {
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(text);
  const units =
    match && (match[2] ?? "").length <= USDT_SCALE ? parseUnits(text, USDT_SCALE) : null;
  if (units === null || units <= 0n || units > parseUnits(MAX_AMOUNT, USDT_SCALE)) {
    problems.push(
      `${name} must be a USDT amount above 0 and at most ${MAX_AMOUNT}, with at most ${USDT_SCALE} decimal places`,
    );
    return null;
  }
  return units;
}

/** GET /options/products: the configured products, shortest first. */
export function optionsProducts(config: { options: OptionsConfig }): OptionsProduct[] {
  return [...config.options.products];
}
