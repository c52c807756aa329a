// GET /assets/bills: the user's bills, newest first, filtered by type and asset.
import type { Bill } from "../../../protocol/ledger";
import type { ListPage } from "../../../protocol/list";
import type { Queryable } from "../../db/db";
import { listBills } from "../../db/repositories/bill-repository";
import { toBill } from "../ledger/bill-view";
import { toPage } from "../operators/list-page";

export interface BillQuery {
  type: number | null;
  asset: string | null;
  cursor: string | null;
  limit: number;
}

export async function listUserBills(
  db: Queryable,
  userId: string,
  query: BillQuery,
): Promise<ListPage<Bill>> {
  const rows = await listBills(db, userId, {
    type: query.type,
    asset: query.asset,
    before: query.cursor,
    limit: query.limit,
  });
  return toPage(rows, query.limit, toBill);
}
