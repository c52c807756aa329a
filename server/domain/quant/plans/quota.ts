// GET /quant/quota (API.md): the credit level's quota (protocol/credit-levels.ts, one table),
// what the user's running plans hold, and what is left — protocol/quant.ts availableQuota.
// The level and score are the profile's (domain/profile/get-profile.ts): the score job's stored
// score (domain/profile/score), never a second rule.
import { USDT_SCALE } from "../../../../protocol/assets";
import { creditLevelRow } from "../../../../protocol/credit-levels";
import { formatUnits, parseUnits } from "../../../../protocol/decimal";
import { availableQuota, type QuantQuota } from "../../../../protocol/quant";
import type { Queryable } from "../../../db/db";
import { lockedAmount } from "../../../db/repositories/quant-subscription-repository";
import { getProfile } from "../../profile/get-profile";

export interface QuotaUnits {
  creditLevel: QuantQuota["creditLevel"];
  weightedScore: number;
  authorised: bigint;
  locked: bigint;
  available: bigint;
}

export async function quotaUnits(db: Queryable, userId: string): Promise<QuotaUnits> {
  const profile = await getProfile(db, userId);
  const authorised = parseUnits(creditLevelRow(profile.creditLevel).quota, USDT_SCALE);
  const locked = await lockedAmount(db, userId);
  return {
    creditLevel: profile.creditLevel,
    weightedScore: profile.weightedScore,
    authorised,
    locked,
    available: availableQuota(authorised, locked),
  };
}

export async function getQuota(db: Queryable, userId: string): Promise<QuantQuota> {
  const q = await quotaUnits(db, userId);
  return {
    authorisedQuota: formatUnits(q.authorised, USDT_SCALE),
    lockedLimit: formatUnits(q.locked, USDT_SCALE),
    availableQuota: formatUnits(q.available, USDT_SCALE),
    weightedScore: q.weightedScore,
    creditLevel: q.creditLevel,
  };
}
