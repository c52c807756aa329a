// POST /wallet/demo-credit (demo mode only, DESIGN §1.5): USDT from the demo issuer's account to
// the user's available balance, as bill 106 "demo funds". Idempotent per Idempotency-Key, so the
// outbox can retry it; a production server refuses it outright.
import { DEMO_CREDIT_MAX, type Bill } from "../../../protocol/ledger";
import type { QuantaMode } from "../../../protocol/health";
import type { Db } from "../../db/db";
import { invalid, refusal } from "../errors";
import { userScope, withIdempotency } from "../idempotency/with-idempotency";
import { formatUnits } from "../../../protocol/decimal";
import { parseAmount } from "../ledger/amounts";
import { ASSET_SCALES } from "../../../protocol/assets";
import { credit } from "../ledger/operations";

export const DEMO_CREDIT_ROUTE = "POST /wallet/demo-credit";
const SCALE = ASSET_SCALES.USDT;
const MAX_UNITS = parseAmount(DEMO_CREDIT_MAX, SCALE, "max");

export interface DemoCreditCommand {
  mode: QuantaMode;
  userId: string;
  amount: unknown;
  idempotencyKey: string;
}

export async function demoCredit(db: Db, command: DemoCreditCommand): Promise<Bill> {
  if (command.mode !== "demo") {
    throw refusal("DEMO_ONLY", "Demo funds exist only on a demo server");
  }
  const units = parseAmount(command.amount, SCALE, "amount");
  if (units === 0n) {
    throw invalid("amount", "positive", 'Invalid body: "amount" must be greater than 0');
  }
  if (units > MAX_UNITS) {
    throw invalid(
      "amount",
      "at-most",
      `Invalid body: "amount" must be at most ${DEMO_CREDIT_MAX} per request`,
      DEMO_CREDIT_MAX,
    );
  }
  const { userId } = command;
  const answer = await withIdempotency(
    db,
    {
      scope: userScope(userId),
      route: DEMO_CREDIT_ROUTE,
      key: command.idempotencyKey,
      // Normalised: "10" and "10.0" are the same request.
      body: { amount: formatUnits(units, SCALE) },
    },
    async (tx) => {
      const posted = await credit(tx, {
        kind: "demo-credit",
        reference: `user ${userId}`,
        userId,
        asset: "USDT",
        amount: units,
        billType: 106,
        from: "demo-issuer",
      });
      const bill = posted.bills[0];
      if (bill === undefined) throw new Error("a demo credit posted no bill");
      return { statusCode: 200, data: bill };
    },
  );
  return answer.data;
}
