// `npm run admin -- promotions fund <amount>`: operators put real money into the promotions
// budget that invitation rewards are paid from (DESIGN §1: rewards only from a funded account).
// Production moves it from the operator's `deposits` account — the platform's side of USDT
// received into its deposit wallet, so the operator must have sent that much USDT there first;
// the deposits account then answers for it like for any deposit. A demo database takes it from
// the demo issuer, like demo funds. Audited in the same transaction.
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits } from "../../../protocol/decimal";
import type { Db, Tx } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { promotionsAccountId, promotionsBalance } from "../../db/repositories/invite-repository";
import { parseAmount } from "../ledger/amounts";
import { postTransaction } from "../ledger/post-transaction";
import { invalid } from "../errors";
import type { OperatorActor } from "../operators/operator-actor";
import { REWARD_ASSET } from "./reward-payer";

/** More than this in one go is a typo (units for USDT, say). */
const MAX_FUND = 1_000_000_000_000_000n;

export interface PromotionsFunded {
  amount: string;
  source: "deposits" | "demo-issuer";
  /** The budget after this funding (USDT). */
  balance: string;
  transactionId: string;
}

/** The amount as ledger units, or a VALIDATION refusal: checked before anything is touched. */
export function parseFundAmount(amountText: unknown): bigint {
  const amount = parseAmount(amountText, USDT_SCALE, "amount");
  if (amount <= 0n) throw invalid("amount", "positive", "The amount must be greater than 0");
  if (amount > MAX_FUND) {
    throw invalid("amount", "at-most", `At most ${formatUnits(MAX_FUND, USDT_SCALE)} USDT at once`);
  }
  return amount;
}

export async function fundPromotions(
  db: Db,
  actor: OperatorActor,
  amountText: string,
): Promise<PromotionsFunded> {
  const amount = parseFundAmount(amountText);
  return db.transaction((tx) => postPromotionsFund(tx, actor, amount));
}

/** The funding itself, inside the caller's transaction (the CLI's own, or the admin API's idempotent one). */
export async function postPromotionsFund(
  tx: Tx,
  actor: OperatorActor,
  amount: bigint,
): Promise<PromotionsFunded> {
  const [instance] = await tx.query<{ mode: string | null }>("SELECT mode FROM instance");
  if (instance?.mode !== "demo" && instance?.mode !== "production") {
    throw new Error(
      "This database has no mode yet: start the server on it once, then fund promotions",
    );
  }
  const source = instance.mode === "demo" ? "demo-issuer" : "deposits";
  const posted = await postTransaction(tx, {
    kind: "promotions-fund",
    reference: `promotions funded by ${actor.label}`,
    legs: [
      { account: { system: source, asset: REWARD_ASSET }, bucket: "available", amount: -amount },
      { account: { system: "promotions", asset: REWARD_ASSET }, bucket: "available", amount },
    ],
  });
  const accountId = await promotionsAccountId(tx, REWARD_ASSET);
  const balance = formatUnits(await promotionsBalance(tx, accountId), USDT_SCALE);
  const funded = formatUnits(amount, USDT_SCALE);
  await appendAudit(tx, {
    actorId: actor.id,
    actorLabel: actor.label,
    action: "promotions.fund",
    targetKind: "ledger_transaction",
    targetId: posted.transactionId,
    detail: { amount: funded, asset: REWARD_ASSET, source, balance },
  });
  return { amount: funded, source, balance, transactionId: posted.transactionId };
}

/** The promotions budget now (USDT), for the CLI and GET /invite's "budget empty" state. */
export async function promotionsBudget(db: Db): Promise<bigint> {
  return promotionsBalance(db, await promotionsAccountId(db, REWARD_ASSET));
}
