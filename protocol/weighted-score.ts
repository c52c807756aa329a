// The weighted score (DESIGN §6), published in the help centre and on /my: 0–1000 from three
// terms, each an integer (floored), so the score is their sum and never rounds above its parts.
//
//   total limit    400 × min(1, total credited deposits / 10,000 USDT)
//   usage habits   300 × active trading days in the last 30 / 30
//   contribution   300 × min(1, (backtests run + strategies shared) / 20)
//
// "Strategies shared" is 0 in this version (there is no sharing yet); the term says so on /my.
// Inputs are what the server's score job read from the ledger and activity; the job stores them
// with the terms so the user sees exactly what was counted.
import { parseUnits } from "./decimal";
import {
  type CreditLevelNumber,
  creditLevelOf,
  type CreditLevelRow,
  nextCreditLevel,
} from "./credit-levels";

export const SCORE_WEIGHTS = { totalLimit: 400, usageHabits: 300, contribution: 300 } as const;
/** USDT of total credited deposits that earns the whole "total limit" term. */
export const SCORE_DEPOSITS_FOR_FULL = "10000";
/** The window of "usage habits", in days. */
export const SCORE_ACTIVE_DAYS_WINDOW = 30;
/** Backtests run plus strategies shared that earn the whole "contribution" term. */
export const SCORE_CONTRIBUTIONS_FOR_FULL = 20;

const USDT_SCALE = 6;

export interface ScoreInputs {
  /** USDT decimal string: every credited deposit (bill 101), ever. */
  totalDeposits: string;
  /** Calendar days (UTC) in the last 30 with at least one trade (spot, contract, options or plan). */
  activeDays: number;
  /** The user's finished backtests and optimisations in the lab. */
  backtests: number;
  /** Always 0 in this version: there is no strategy sharing yet. */
  strategiesShared: number;
}

export interface ScoreTerms {
  totalLimit: number;
  usageHabits: number;
  contribution: number;
}

const clampCount = (value: number, most: number): number => {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`score input must be a whole number ≥ 0, got ${String(value)}`);
  }
  return Math.min(value, most);
};

/** The three terms of `inputs`, each floored to a whole point. */
export function scoreTerms(inputs: ScoreInputs): ScoreTerms {
  const deposits = parseUnits(inputs.totalDeposits, USDT_SCALE);
  if (deposits < 0n) throw new RangeError("score input totalDeposits must be ≥ 0");
  const full = parseUnits(SCORE_DEPOSITS_FOR_FULL, USDT_SCALE);
  const capped = deposits < full ? deposits : full;
  const totalLimit = Number((BigInt(SCORE_WEIGHTS.totalLimit) * capped) / full);
  const days = clampCount(inputs.activeDays, SCORE_ACTIVE_DAYS_WINDOW);
  const usageHabits = Math.floor((SCORE_WEIGHTS.usageHabits * days) / SCORE_ACTIVE_DAYS_WINDOW);
  const contributions = clampCount(
    clampCount(inputs.backtests, Number.MAX_SAFE_INTEGER) +
      clampCount(inputs.strategiesShared, Number.MAX_SAFE_INTEGER),
    SCORE_CONTRIBUTIONS_FOR_FULL,
  );
  const contribution = Math.floor(
    (SCORE_WEIGHTS.contribution * contributions) / SCORE_CONTRIBUTIONS_FOR_FULL,
  );
  return { totalLimit, usageHabits, contribution };
}

/** 0–1000: the sum of the terms. */
export function weightedScoreOf(terms: ScoreTerms): number {
  return terms.totalLimit + terms.usageHabits + terms.contribution;
}

/** What the next level needs beyond what the user has: null at the top level. */
export interface NextLevelNeeds {
  row: CreditLevelRow;
  /** Points still missing (0 when the score already suffices). */
  pointsNeeded: number;
  /** Identity verification is still missing. */
  needsVerification: boolean;
}

export function nextLevelNeeds(verified: boolean, weightedScore: number): NextLevelNeeds | null {
  const level: CreditLevelNumber = creditLevelOf(verified, weightedScore);
  const row = nextCreditLevel(level);
  if (row === null) return null;
  return {
    row,
    pointsNeeded: Math.max(0, row.minScore - weightedScore),
    needsVerification: row.verified && !verified,
  };
}
