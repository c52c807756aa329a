// Settles one order now, by the settlement worker's own batch (server/domain/options/
// settle-batch.ts: the recorded ticks of its window, the pure rule, the posting, the settlement
// columns, the kept ticks and the change-log put), without the worker's timing: for tests of what
// reads settled orders (income, lists). The caller records the ticks that decide it first.
import type { OptionsOrder } from "../../../protocol/options";
import type { Db } from "../../../server/db/db";
import { findOptionsOrder } from "../../../server/db/repositories/options-order-repository";
import { toOptionsOrder } from "../../../server/domain/options/options-order-view";
import { settleBatch } from "../../../server/domain/options/settle-batch";

export async function settleByRule(db: Db, orderId: string): Promise<OptionsOrder> {
  const open = await findOptionsOrder(db, orderId);
  if (open === null || open.result !== null) throw new Error(`option ${orderId} is not open`);
  const { settled } = await settleBatch(db, [{ id: orderId, userId: open.user_id }]);
  const row = await findOptionsOrder(db, orderId);
  if (settled !== 1 || row === null) throw new Error(`option ${orderId} did not settle`);
  return toOptionsOrder(row);
}
