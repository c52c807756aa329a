// The ledger side of settling options: one posting for a whole batch, whatever the number of
// users (domain/ledger/README.md). The house is the counterparty: what a winner or a tie gets
// back comes out of the options pool, which took every stake at purchase (bill 311) and keeps a
// lost one; a void also gives back the fee from the fees account.
//   win  312 stake + profit   (options-pool -> user)
//   tie  313 stake            (options-pool -> user)
//   void 313 stake            (options-pool -> user) and 313 fee (fees -> user)
//   lose nothing: the stake stays in the pool
// Each bill refers to its order ({ kind: "options-order", id }). The pool's and the fees' legs
// are one leg each for the batch: the chain records every user's leg, and the system side sums.
import type { OptionSettlement } from "../../../protocol/options";
import type { Queryable } from "../../db/db";
import { postTransaction, type Leg } from "../ledger/post-transaction";

export const OPTION_EARNINGS_BILL = 312;
export const OPTION_RETURN_BILL = 313;
const ASSET = "USDT";

export interface SettledOption {
  id: string;
  userId: string;
  fee: bigint;
  stake: bigint;
  settlement: OptionSettlement;
}

/** Posts what the batch pays back; answers the transaction's id, or null when all lost. */
export async function postOptionSettlements(
  tx: Queryable,
  settled: readonly SettledOption[],
): Promise<string | null> {
  const legs: Leg[] = [];
  let fromPool = 0n;
  let fromFees = 0n;
  for (const o of settled) {
    const ref = { kind: "options-order", id: o.id };
    const pay = (amount: bigint, type: typeof OPTION_EARNINGS_BILL | typeof OPTION_RETURN_BILL) =>
      legs.push({
        account: { userId: o.userId, asset: ASSET },
        bucket: "available",
        amount,
        bill: { type, ref },
      });
    const s = o.settlement;
    if (s.result === "win") {
      pay(s.returned, OPTION_EARNINGS_BILL);
      fromPool += s.returned;
    } else if (s.result === "tie") {
      pay(o.stake, OPTION_RETURN_BILL);
      fromPool += o.stake;
    } else if (s.result === "void") {
      pay(o.stake, OPTION_RETURN_BILL);
      fromPool += o.stake;
      if (o.fee > 0n) {
        pay(o.fee, OPTION_RETURN_BILL);
        fromFees += o.fee;
      }
    }
  }
  if (legs.length === 0) return null;
  if (fromPool > 0n) {
    legs.push({
      account: { system: "options-pool", asset: ASSET },
      bucket: "available",
      amount: -fromPool,
    });
  }
  if (fromFees > 0n) {
    legs.push({
      account: { system: "fees", asset: ASSET },
      bucket: "available",
      amount: -fromFees,
    });
  }
  const ids = settled.map((o) => BigInt(o.id));
  const first = ids.reduce((a, b) => (b < a ? b : a));
  const last = ids.reduce((a, b) => (b > a ? b : a));
  const posted = await postTransaction(tx, {
    kind: "options-settlement",
    reference: `options ${first}..${last} (${settled.length} settled)`,
    legs,
  });
  return posted.transactionId;
}
