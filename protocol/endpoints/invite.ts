// /invite: the user's invitation code and link, who joined through it, and the rewards it earned
// (bill 105, paid from the promotions account operators fund with real money; DESIGN §1).
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import { DecimalString } from "./common";
import { endpoint } from "./endpoint";

export const InviteItemAnswer = Type.Object({
  address: Type.String({ description: "masked: first 2 + last 2 characters of the hex" }),
  joinedAt: Type.String(),
  verified: Type.Boolean({ description: "passed identity review" }),
  reward: Type.Union([Type.Literal("none"), Type.Literal("waiting"), Type.Literal("paid")], {
    description:
      "none: the rule is not met yet; waiting: met, the promotions budget is empty; paid: bill 105",
  }),
});

export const InviteAnswer = Type.Object({
  code: Type.String(),
  link: Type.String({ description: "opens /login with the code" }),
  invitees: Type.Integer({ minimum: 0 }),
  verifiedInvitees: Type.Integer({ minimum: 0 }),
  rewards: DecimalString,
  /** Rewards earned but not paid because the promotions budget is empty. */
  waitingRewards: Type.Integer({ minimum: 0 }),
  rule: Type.Object({
    reward: DecimalString,
    minDeposit: DecimalString,
    needsVerification: Type.Boolean(),
  }),
  items: Type.Array(InviteItemAnswer, { description: "newest first, at most 200" }),
});

export const inviteEndpoints = {
  invite: endpoint({
    method: "GET",
    path: `${API_BASE}/invite`,
    summary: "The user's invite code, link, invitees (masked) and rewards",
    access: "user",
    answer: InviteAnswer,
  }),
};
