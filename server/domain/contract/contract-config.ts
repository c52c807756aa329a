// The contract part of config.ts: whether contract trading is offered and on what terms (GET
// /contract/config). Demo offers leverages 1–50×, a 0.05 % fee at open and at close, a 0.5 %
// maintenance margin and a 5 USDT minimum value; production offers what CONTRACT_TERMS says, and
// nothing without it: leverage, fees and the maintenance margin decide when a user loses their
// margin, so they are the operator's explicit choice, never a default. Problems are collected
// like every other config section. Every listed spot symbol can be traded.
import { USDT_SCALE } from "../../../protocol/assets";
import type { ContractConfig, ContractRates } from "../../../protocol/contract";
import { compare, formatUnits, parseUnits } from "../../../protocol/decimal";
import type { QuantaMode } from "../../../protocol/health";
import { rateOf, rateString } from "../../../protocol/spot-rules";
import { SYMBOLS } from "../../market/symbols";
import { DomainError } from "../errors";

/** The terms a position is priced on, in units and exact fractions. */
export interface ContractTerms extends ContractRates {
  /** Ascending. */
  leverages: readonly number[];
  /** USDT units: the smallest entry × quantity. */
  minValue: bigint;
}

export interface ContractSection {
  /** Null: contract trading is not offered (production without CONTRACT_TERMS). */
  terms: ContractTerms | null;
}

export const DEMO_CONTRACT_TERMS: ContractTerms = {
  leverages: [1, 2, 3, 5, 10, 20, 50],
  feeRate: { num: 5n, den: 10_000n },
  mmr: { num: 5n, den: 1_000n },
  minValue: 5_000_000n,
};

export const CONTRACT_TERMS_FORMAT = "leverages:feeRate:maintenanceMarginRate:minValue";
const EXAMPLE = "1,2,3,5,10:0.0005:0.005:5";

/** The schema's bound (migration 016). */
const MAX_LEVERAGE = 125;
const RATE_PLACES = 6;
/** Catches a typo such as "0.05" for 0.05 %: a fee above 1 % of the notional is no fee. */
const MAX_FEE_RATE = "0.01";
const MAX_MIN_VALUE = "1000000";

export function parseContractConfig(
  read: (name: string) => string | undefined,
  mode: QuantaMode,
  problems: string[],
): ContractSection {
  const value = read("CONTRACT_TERMS");
  if (value === undefined) return { terms: mode === "demo" ? DEMO_CONTRACT_TERMS : null };
  const found: string[] = [];
  const terms = parseTerms(value, found);
  for (const problem of found) problems.push(`CONTRACT_TERMS ("${value}"): ${problem}`);
  return { terms };
}

function parseTerms(value: string, problems: string[]): ContractTerms | null {
  const parts = value.split(":").map((part) => part.trim());
  if (parts.length !== 4) {
    problems.push(`must be ${CONTRACT_TERMS_FORMAT}, like ${EXAMPLE}`);
    return null;
  }
  const [leverageText = "", fee = "", mmrText = "", minText = ""] = parts;
  const leverages = leveragesOf(leverageText, problems);
  const feeRate = rate(fee, "feeRate", MAX_FEE_RATE, problems);
  // A long's liquidation price entry × (1 − 1/leverage + mmr) must lie below its entry (and a
  // short's above): with mmr ≥ 1/leverage a position would be liquidated as it opens.
  const highest = leverages?.at(-1) ?? 1;
  const mmr = rate(mmrText, "maintenanceMarginRate", "1", problems);
  if (mmr !== null && leverages !== null && mmr.num * BigInt(highest) >= mmr.den) {
    problems.push(
      `maintenanceMarginRate must be below 1/${highest} (the highest leverage's margin), or positions would be liquidated as they open`,
    );
  }
  const minValue = usdt(minText, problems);
  if (problems.length > 0 || leverages === null || feeRate === null || mmr === null) return null;
  if (minValue === null) return null;
  return { leverages, feeRate, mmr, minValue };
}

function leveragesOf(text: string, problems: string[]): number[] | null {
  const items = text.split(",").map((item) => item.trim());
  const leverages = items.map((item) => (/^\d{1,3}$/.test(item) ? Number(item) : NaN));
  if (!leverages.every((l) => l >= 1 && l <= MAX_LEVERAGE)) {
    problems.push(
      `leverages must be whole numbers from 1 to ${MAX_LEVERAGE}, comma-separated, like 1,2,5,10`,
    );
    return null;
  }
  if (new Set(leverages).size !== leverages.length) {
    problems.push("leverages lists a leverage more than once");
    return null;
  }
  return leverages.sort((a, b) => a - b);
}

/** A rate at least 0 and at most `atMost` (below 1), as an exact fraction. */
function rate(text: string, name: string, atMost: string, problems: string[]) {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const rule = `${name} must be a decimal from 0 to ${atMost} with at most ${RATE_PLACES} decimal places`;
  if (!match || (match[2] ?? "").length > RATE_PLACES) {
    problems.push(rule);
    return null;
  }
  const canonical = formatUnits(parseUnits(text, RATE_PLACES), RATE_PLACES);
  // The schema stores rates below 1 (fee_rate, maintenance_margin_rate).
  if (compare(canonical, atMost) > 0 || compare(canonical, "1") >= 0) {
    problems.push(rule);
    return null;
  }
  return rateOf(canonical);
}

function usdt(text: string, problems: string[]): bigint | null {
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(text);
  const units =
    match && (match[2] ?? "").length <= USDT_SCALE ? parseUnits(text, USDT_SCALE) : null;
  if (units === null || units <= 0n || units > parseUnits(MAX_MIN_VALUE, USDT_SCALE)) {
    problems.push(
      `minValue must be a USDT amount above 0 and at most ${MAX_MIN_VALUE}, with at most ${USDT_SCALE} decimal places`,
    );
    return null;
  }
  return units;
}

/** The terms on offer, or the NOT_OFFERED refusal (403) when contract trading is not offered. */
export function offeredTerms(section: ContractSection): ContractTerms {
  if (section.terms !== null) return section.terms;
  throw new DomainError(
    "NOT_OFFERED",
    { product: "contract" },
    "Contract trading is not offered on this server",
  );
}

/** GET /contract/config: the terms as decimal strings, and every listed symbol. */
export function contractConfig(config: { contract: ContractSection }): ContractConfig {
  const terms = offeredTerms(config.contract);
  return {
    leverages: [...terms.leverages],
    feeRate: rateString(terms.feeRate),
    maintenanceMarginRate: rateString(terms.mmr),
    symbols: SYMBOLS.map((s) => s.symbol),
    minValue: formatUnits(terms.minValue, USDT_SCALE),
  };
}
