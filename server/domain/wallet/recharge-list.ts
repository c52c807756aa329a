// GET /wallet/recharge: the signed-in user's recharges, newest first, by id cursor.
import type { ListPage } from "../../../protocol/list";
import type { Recharge } from "../../../protocol/wallet";
import type { Queryable } from "../../db/db";
import { listUserRecharges } from "../../db/repositories/recharge-repository";
import { toPage } from "../operators/list-page";
import { toRecharge } from "./recharge-view";

export async function listMyRecharges(
  db: Queryable,
  userId: string,
  page: { cursor: string | null; limit: number },
): Promise<ListPage<Recharge>> {
  const rows = await listUserRecharges(db, userId, page.cursor, page.limit + 1);
  return toPage(rows, page.limit, toRecharge);
}
