// /admin/promotions: the invitation rewards' budget (issue 22), the console's side of
// `npm run admin -- promotions [fund <amount>]`. GET needs `read`; funding moves real money into
// the promotions account, so it needs `manage` and an Idempotency-Key like every money POST.
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import { DecimalString, IdempotencyHeaders, untypedFields } from "./common";
import { endpoint } from "./endpoint";

const PROMOTIONS = `${API_BASE}/admin/promotions`;

export const PromotionsBudgetAnswer = Type.Object({
  asset: Type.String(),
  /** What is in the promotions account now. */
  balance: DecimalString,
  /** Rewards paid from it so far. */
  paidCount: Type.Integer(),
  paidAmount: DecimalString,
  /** Rewards earned and waiting for budget (paid as soon as it covers them). */
  waitingCount: Type.Integer(),
  waitingAmount: DecimalString,
});

export const PromotionsFundedAnswer = Type.Object({
  amount: DecimalString,
  source: Type.Union([Type.Literal("deposits"), Type.Literal("demo-issuer")]),
  balance: DecimalString,
  transactionId: Type.String(),
});

export const adminPromotionsEndpoints = {
  promotions: endpoint({
    method: "GET",
    path: PROMOTIONS,
    summary: "The promotions budget, with the rewards paid from it and those waiting",
    access: "operator",
    answer: PromotionsBudgetAnswer,
  }),
  fundPromotions: endpoint({
    method: "POST",
    path: `${PROMOTIONS}/fund`,
    summary:
      "Add USDT to the promotions budget (production: from the deposits account; demo: the demo issuer; audited)",
    access: "operator",
    permission: "manage",
    headers: IdempotencyHeaders,
    body: Type.Object({ amount: DecimalString }),
    // No types on purpose: the domain (the CLI's code) names what is wrong with the amount.
    bodyAsValidated: untypedFields(["amount"]),
    answer: PromotionsFundedAnswer,
  }),
};
