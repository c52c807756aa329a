// Credit levels (DESIGN §6), one table in one place: what a level needs and what it allows. The
// profile serves the level, the quant plans are offered by it and their quota is its limit, and
// the help centre and /my print the same rows (issues 20 and 21).
//
//   level 0  unverified                       one entry plan, quota    100 USDT
//   level 1  verified                                          quota  1,000 USDT
//   level 2  verified, weighted score ≥ 300                    quota  5,000 USDT
//   level 3  verified, weighted score ≥ 600                    quota 20,000 USDT
//   level 4  verified, weighted score ≥ 850                    quota 50,000 USDT
//
// A score alone never lifts an unverified account: levels above 0 need identity verification.
// Quotas are decimal strings in USDT (the wire's form; parse with parseUnits at USDT's scale).

export type CreditLevelNumber = 0 | 1 | 2 | 3 | 4;

export interface CreditLevelRow {
  level: CreditLevelNumber;
  /** Identity verification passed. */
  verified: boolean;
  /** The least weighted score (0–1000) for this level. */
  minScore: number;
  /** USDT: the most a user of this level may hold in running plans at once. */
  quota: string;
}

export const CREDIT_LEVELS: readonly CreditLevelRow[] = [
  { level: 0, verified: false, minScore: 0, quota: "100" },
  { level: 1, verified: true, minScore: 0, quota: "1000" },
  { level: 2, verified: true, minScore: 300, quota: "5000" },
  { level: 3, verified: true, minScore: 600, quota: "20000" },
  { level: 4, verified: true, minScore: 850, quota: "50000" },
];

export const MAX_WEIGHTED_SCORE = 1000;

/** The highest level whose needs are met. */
export function creditLevelOf(verified: boolean, weightedScore: number): CreditLevelNumber {
  let level: CreditLevelNumber = 0;
  for (const row of CREDIT_LEVELS) {
    if ((!row.verified || verified) && weightedScore >= row.minScore) level = row.level;
  }
  return level;
}

/** The row of a level. */
export function creditLevelRow(level: CreditLevelNumber): CreditLevelRow {
  const row = CREDIT_LEVELS.find((candidate) => candidate.level === level);
  if (!row) throw new RangeError(`creditLevelRow: no level ${String(level)}`);
  return row;
}

/** The next level's row, or null at the top. */
export function nextCreditLevel(level: CreditLevelNumber): CreditLevelRow | null {
  return CREDIT_LEVELS.find((candidate) => candidate.level === level + 1) ?? null;
}
