// GET /profile/profile: the signed-in user's own account as API.md describes it.
import { getAddress } from "viem";
import type { Profile } from "../../../protocol/account";
import type { Queryable } from "../../db/db";
import { latestIdentityStatus } from "../../db/repositories/identity-repository";
import { findUserById } from "../../db/repositories/user-repository";
import { refusal } from "../errors";
import { creditLevelOf } from "../../../protocol/credit-levels";
import { storedWeightedScore } from "./score/read-score";

export async function getProfile(db: Queryable, userId: string): Promise<Profile> {
  const user = await findUserById(db, userId);
  // Users are never deleted while a session points at them; this is only a guard.
  if (user === null) throw refusal("NOT_FOUND", "No such user");
  const verified = await latestIdentityStatus(db, userId);
  // The score job's stored figure (score/README.md); 0 until it has run for this user.
  const weightedScore = await storedWeightedScore(db, userId);
  return {
    id: user.id,
    address: user.address === null ? null : getAddress(user.address),
    name: user.name,
    avatar: user.avatar,
    locked: user.locked,
    verified,
    creditLevel: creditLevelOf(verified === 1, weightedScore),
    weightedScore,
    inviteCode: user.invite_code,
    createdAt: new Date(user.created_at).toISOString(),
  };
}
