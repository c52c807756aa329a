// GET /invite: the user's code and link, who joined through it (addresses masked by the seed's
// rule: another person's address), and what it earned. Read-only.
import type { Static } from "@sinclair/typebox";
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits } from "../../../protocol/decimal";
import type { InviteAnswer } from "../../../protocol/endpoints/invite";
import { maskIdentifier } from "../../../protocol/mask-identifier";
import type { Queryable } from "../../db/db";
import { inviteTotals, listInvitees } from "../../db/repositories/invite-repository";
import { findUserById } from "../../db/repositories/user-repository";
import type { InviteRule } from "./invite-config";

/** The newest this many invitees are listed; the counts cover all of them. */
export const INVITEE_LIST_LIMIT = 200;

/** The link that opens /login with the code (kept by the app until the first sign-in). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/login?invite=${encodeURIComponent(code)}`;
}

export async function getInvite(
  db: Queryable,
  userId: string,
  origin: string,
  rule: InviteRule,
): Promise<Static<typeof InviteAnswer>> {
  const user = await findUserById(db, userId);
  if (user === null) throw new Error(`getInvite: no user ${userId}`);
  const [totals, invitees] = await Promise.all([
    inviteTotals(db, userId),
    listInvitees(db, userId, INVITEE_LIST_LIMIT),
  ]);
  return {
    code: user.invite_code,
    link: inviteLink(origin, user.invite_code),
    invitees: totals.invitees,
    verifiedInvitees: totals.verified_invitees,
    rewards: formatUnits(BigInt(totals.paid), USDT_SCALE),
    waitingRewards: totals.waiting,
    rule: {
      reward: formatUnits(rule.reward, USDT_SCALE),
      minDeposit: formatUnits(rule.minDeposit, USDT_SCALE),
      needsVerification: rule.needsVerification,
    },
    items: invitees.map((row) => ({
      address: maskIdentifier(row.address ?? ""),
      joinedAt: row.created_at.toISOString(),
      verified: row.verified,
      reward: row.reward_paid === null ? "none" : row.reward_paid ? "paid" : "waiting",
    })),
  };
}
