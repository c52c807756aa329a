// PUT /contract/orders/{id}/targets { takeProfit, stopLoss }: set or remove (null) the prices at
// which a recorded tick closes the position. Allowed while the order waits or is open, on the
// same rule as at placing (protocol/contract.ts targetProblem, against the entry and the
// liquidation price the row fixed). The row is locked first, so an edit racing a trigger either
// lands before it (and the trigger uses it) or finds the order completed (409).
import type { ContractOrder, ContractTargetsRequest } from "../../../protocol/contract";
import type { Db } from "../../db/db";
import {
  lockContractOrder,
  notifyContractOrder,
  setContractTargets as writeTargets,
} from "../../db/repositories/contract-order-repository";
import { alreadyCompleted, notFound } from "./close-order";
import { positionTerms } from "./close-position";
import { recordContractOrder, rulesOf } from "./contract-order-view";
import { parseTargetsInput } from "./order-input";
import { assertTargets } from "./position-pricing";

export async function setContractTargets(
  db: Db,
  command: {
    userId: string;
    id: string;
    body: Partial<Record<keyof ContractTargetsRequest, unknown>>;
  },
): Promise<ContractOrder> {
  const { id, userId } = command;
  return db.transaction(async (tx) => {
    const row = await lockContractOrder(tx, id);
    if (row?.user_id !== userId) throw notFound();
    const rules = rulesOf(row.symbol);
    // The body is read against the order's symbol (its price step): after the owner check, so a
    // stranger learns nothing about an order from the refusal.
    const targets = parseTargetsInput(command.body, rules);
    if (row.state === 2) throw alreadyCompleted(row);
    assertTargets(positionTerms(row), targets, rules);
    await writeTargets(tx, id, targets);
    await notifyContractOrder(tx, id);
    return recordContractOrder(tx, id);
  });
}
