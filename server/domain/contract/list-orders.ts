// GET /contract/orders?state=: the user's contract orders newest first, one state or all, in
// cursor pages (API.md "Lists": the cursor is the last item's id).
import type { ContractOrder } from "../../../protocol/contract";
import type { ListPage } from "../../../protocol/list";
import type { Queryable } from "../../db/db";
import { listUserContractOrders } from "../../db/repositories/contract-order-repository";
import { toPage } from "../operators/list-page";
import { toContractOrder } from "./contract-order-view";

export async function listContractOrders(
  db: Queryable,
  userId: string,
  q: { state: 0 | 1 | 2 | null; cursor: string | null; limit: number },
): Promise<ListPage<ContractOrder>> {
  const rows = await listUserContractOrders(db, {
    userId,
    state: q.state,
    before: q.cursor,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toContractOrder);
}
