// `npm run admin -- promotions fund <amount>` and `promotions`: the invitation rewards' budget
// (domain/invite/promotions-fund.ts), funded from real money and audited.
import type { Db } from "../db/db";
import {
  fundPromotions,
  promotionsBudget,
  type PromotionsFunded,
} from "../domain/invite/promotions-fund";
import type { OperatorActor } from "../domain/operators/operator-actor";
import { USDT_SCALE } from "../../protocol/assets";
import { formatUnits } from "../../protocol/decimal";

export type PromotionsCommand =
  { name: "promotions-show" } | { name: "promotions-fund"; amount: string };

export type PromotionsResult =
  | { kind: "promotions-budget"; balance: string }
  | ({ kind: "promotions-funded" } & PromotionsFunded);

export const PROMOTIONS_USAGE = `  promotions                          show the invitation rewards' budget (USDT)
  promotions fund <amount>            add <amount> USDT to it: production takes it from the
                                      deposits account (send that USDT to the deposit wallet
                                      first), demo from the demo issuer`;

export function parsePromotionsArgs(
  args: readonly string[],
): PromotionsCommand | { error: string } {
  if (args.length === 0) return { name: "promotions-show" };
  const [verb, amount, ...rest] = args;
  if (verb !== "fund") return { error: `Unknown promotions command "${verb ?? ""}".` };
  if (amount === undefined || rest.length > 0) {
    return { error: '"promotions fund" takes exactly one argument: <amount> (USDT, e.g. 500).' };
  }
  return { name: "promotions-fund", amount };
}

export function promotionsCommandFromJson(v: Record<string, unknown>): PromotionsCommand | null {
  if (v.name === "promotions-show") return { name: "promotions-show" };
  if (v.name === "promotions-fund" && typeof v.amount === "string" && v.amount.length <= 64) {
    return { name: "promotions-fund", amount: v.amount };
  }
  return null;
}

export async function runPromotionsCommand(
  db: Db,
  command: PromotionsCommand,
  actor: OperatorActor,
): Promise<PromotionsResult> {
  if (command.name === "promotions-show") {
    return {
      kind: "promotions-budget",
      balance: formatUnits(await promotionsBudget(db), USDT_SCALE),
    };
  }
  return { kind: "promotions-funded", ...(await fundPromotions(db, actor, command.amount)) };
}

export function describePromotionsResult(result: PromotionsResult): string {
  if (result.kind === "promotions-budget") {
    return `Promotions budget: ${result.balance} USDT (invitation rewards are paid from it; empty, they wait).`;
  }
  return (
    `Promotions funded: ${result.amount} USDT from ${result.source} ` +
    `(ledger transaction ${result.transactionId}). Budget now ${result.balance} USDT.`
  );
}
