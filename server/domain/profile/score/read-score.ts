// What the score job stored for a user (migration 022), as GET /profile/score answers it, and the
// one figure GET /profile/profile and the quant quota read. Until the job has run for a user the
// score is 0 with every input 0 and computedAt null: never a figure computed on a request.
import type { Static } from "@sinclair/typebox";
import { USDT_SCALE } from "../../../../protocol/assets";
import { creditLevelOf } from "../../../../protocol/credit-levels";
import { formatUnits } from "../../../../protocol/decimal";
import type { ScoreAnswer } from "../../../../protocol/endpoints/profile";
import { nextLevelNeeds } from "../../../../protocol/weighted-score";
import type { Queryable } from "../../../db/db";
import { latestIdentityStatus } from "../../../db/repositories/identity-repository";
import {
  findWeightedScore,
  type WeightedScoreRow,
} from "../../../db/repositories/weighted-score-repository";

export type Score = Static<typeof ScoreAnswer>;

/** The stored weighted score (0 before the job first ran for the user). */
export async function storedWeightedScore(db: Queryable, userId: string): Promise<number> {
  return (await findWeightedScore(db, userId))?.weighted_score ?? 0;
}

export async function getScore(db: Queryable, userId: string): Promise<Score> {
  const row = await findWeightedScore(db, userId);
  const verified = (await latestIdentityStatus(db, userId)) === 1;
  return scoreAnswer(row, verified);
}

/** The answer for a stored row (or none yet) and the user's identity status now. */
export function scoreAnswer(row: WeightedScoreRow | null, verified: boolean): Score {
  const weightedScore = row?.weighted_score ?? 0;
  const next = nextLevelNeeds(verified, weightedScore);
  return {
    weightedScore,
    creditLevel: creditLevelOf(verified, weightedScore),
    terms: {
      totalLimit: row?.total_limit ?? 0,
      usageHabits: row?.usage_habits ?? 0,
      contribution: row?.contribution ?? 0,
    },
    inputs: {
      totalDeposits: formatUnits(BigInt(row?.total_deposits ?? "0"), USDT_SCALE),
      activeDays: row?.active_days ?? 0,
      backtests: row?.backtests ?? 0,
      strategiesShared: row?.strategies_shared ?? 0,
      verified,
    },
    nextLevel:
      next === null
        ? null
        : {
            level: next.row.level,
            minScore: next.row.minScore,
            quota: next.row.quota,
            pointsNeeded: next.pointsNeeded,
            needsVerification: next.needsVerification,
          },
    computedAt: row === null ? null : row.computed_at.toISOString(),
  };
}
