// Pays invitation rewards (DESIGN §1: no money from nowhere). For one invitee, in one database
// transaction, under the promotions account's lock (so two payers — two leaders for a moment, or
// an event and the sweep — decide one at a time):
//   1. the reward row, if the rule is met and none exists: one per invitee (primary key), one per
//      identity across accounts (identity_key UNIQUE), never for the referrer's own identity;
//   2. when it is unpaid and the promotions budget covers it: bill 105 "gift bonus" to the
//      referrer, credited from the promotions account. Otherwise it waits, paying nothing.
import { createHash } from "node:crypto";
import type { Db, Queryable } from "../../db/db";
import {
  findReward,
  identityRewarded,
  insertReward,
  inviteeFacts,
  lockPromotionsBudget,
  markRewardPaid,
  type InviteeFacts,
} from "../../db/repositories/invite-repository";
import { credit } from "../ledger/operations";
import type { InviteRule } from "./invite-config";

/** Rewards are paid in USDT. */
export const REWARD_ASSET = "USDT";

export type RewardOutcome = "paid" | "already-paid" | "waiting" | "not-met" | "not-invited";

/** Settles one invitee's reward: earns it when the rule is met, pays it when the budget allows. */
export async function settleInviteReward(
  db: Db,
  rule: InviteRule,
  inviteeId: string,
): Promise<RewardOutcome> {
  return db.transaction(async (tx) => {
    const budget = await lockPromotionsBudget(tx, REWARD_ASSET);
    let reward = await findReward(tx, inviteeId);
    if (reward?.paid_at) return "already-paid";
    if (reward === null) {
      const facts = await inviteeFacts(tx, inviteeId, REWARD_ASSET);
      if (facts === null || facts.referrer_id === null) return "not-invited";
      const identityKey = facts.id_number === null ? null : identityKeyOf(facts.id_number);
      if (!(await meetsRule(tx, rule, facts, identityKey))) return "not-met";
      reward = await insertReward(tx, {
        inviteeId,
        referrerId: facts.referrer_id,
        identityKey,
        asset: REWARD_ASSET,
        amount: rule.reward,
      });
    }
    const amount = BigInt(reward.amount);
    if (budget.balance < amount) return "waiting";
    const posted = await credit(tx, {
      kind: "invite-reward",
      reference: `invite reward for user ${inviteeId}`,
      ref: { kind: "invite-reward", id: inviteeId },
      userId: reward.referrer_id,
      asset: REWARD_ASSET,
      amount,
      billType: 105,
      from: "promotions",
    });
    await markRewardPaid(tx, inviteeId, posted.transactionId);
    return "paid";
  });
}

async function meetsRule(
  tx: Queryable,
  rule: InviteRule,
  facts: InviteeFacts,
  identityKey: string | null,
): Promise<boolean> {
  if (rule.reward <= 0n) return false;
  if (rule.needsVerification && identityKey === null) return false;
  if (BigInt(facts.deposited) < rule.minDeposit) return false;
  if (identityKey !== null) {
    // The referrer's own second wallet is not an invitation.
    if (
      facts.referrer_id_number !== null &&
      identityKeyOf(facts.referrer_id_number) === identityKey
    ) {
      return false;
    }
    // One person earns one reward, however many accounts they open.
    if (await identityRewarded(tx, identityKey)) return false;
  }
  return true;
}

/** ID numbers are typed loosely ("ab 123-456"): compared without spaces, dashes or case. */
export function identityKeyOf(idNumber: string): string {
  const normalised = idNumber.replace(/[\s\-./]/g, "").toUpperCase();
  return createHash("sha256").update(`id-number:${normalised}`).digest("hex");
}
