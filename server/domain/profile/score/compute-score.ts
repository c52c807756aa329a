// One user's weighted score computed from the ledger and activity now, and stored with its terms
// and inputs (protocol/weighted-score.ts is the formula). One transaction per user: the queued
// events are read first, so every event they stand for has committed before the inputs are
// read; only those rows are deleted, so an event committed meanwhile stays queued. When anything
// stored changes, the profile is recorded in the user's change log: the app's profile gets the
// new score and level, and the poke makes the app pull GET /profile/score.
import { USDT_SCALE } from "../../../../protocol/assets";
import { formatUnits } from "../../../../protocol/decimal";
import {
  SCORE_ACTIVE_DAYS_WINDOW,
  scoreTerms,
  weightedScoreOf,
} from "../../../../protocol/weighted-score";
import type { Db } from "../../../db/db";
import {
  deleteDirtyScoreIds,
  dirtyScoreIds,
  lockWeightedScore,
  readScoreInputs,
  saveWeightedScore,
  type WeightedScoreRow,
} from "../../../db/repositories/weighted-score-repository";
import { recordProfile } from "../../sync/change-log";

const DAY_MS = 86_400_000;

/** The UTC days the usage-habits term counts at `now`: today and the 29 before. */
export function activeDaysWindow(now: Date): { start: Date; end: Date } {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return {
    start: new Date(today - (SCORE_ACTIVE_DAYS_WINDOW - 1) * DAY_MS),
    end: new Date(today + DAY_MS),
  };
}

/** Start of `now`'s UTC day: a score computed before it is recomputed by the daily sweep. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/** Recomputes and stores the user's score; true when something stored changed. */
export async function computeScore(db: Db, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const previous = await lockWeightedScore(tx, userId);
    const queued = await dirtyScoreIds(tx, userId);
    const window = activeDaysWindow(now);
    const read = await readScoreInputs(tx, userId, window.start, window.end);
    // No strategy sharing exists yet: the input is 0, and the card says so.
    const strategiesShared = 0;
    const terms = scoreTerms({
      totalDeposits: formatUnits(read.totalDeposits, USDT_SCALE),
      activeDays: read.activeDays,
      backtests: read.backtests,
      strategiesShared,
    });
    const row: WeightedScoreRow = {
      user_id: userId,
      weighted_score: weightedScoreOf(terms),
      total_limit: terms.totalLimit,
      usage_habits: terms.usageHabits,
      contribution: terms.contribution,
      total_deposits: read.totalDeposits.toString(),
      active_days: read.activeDays,
      backtests: read.backtests,
      strategies_shared: strategiesShared,
      computed_at: now,
    };
    await saveWeightedScore(tx, row);
    await deleteDirtyScoreIds(tx, queued);
    const changed = !sameFigures(previous, row);
    if (changed) await recordProfile(tx, userId);
    return changed;
  });
}

const ZERO: Omit<WeightedScoreRow, "user_id" | "computed_at"> = {
  weighted_score: 0,
  total_limit: 0,
  usage_habits: 0,
  contribution: 0,
  total_deposits: "0",
  active_days: 0,
  backtests: 0,
  strategies_shared: 0,
};

/** Whether the user would see the same figures (no row yet reads as all zeros). */
function sameFigures(previous: WeightedScoreRow | null, next: WeightedScoreRow): boolean {
  const before = previous ?? { ...ZERO, user_id: next.user_id, computed_at: next.computed_at };
  return (Object.keys(ZERO) as (keyof typeof ZERO)[]).every(
    (key) => String(before[key]) === String(next[key]),
  );
}
