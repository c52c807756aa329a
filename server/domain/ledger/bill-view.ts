// A bills row as the API answers it (GET /assets/bills, the change log's "bill" entity).
import { isBillType, type Bill } from "../../../protocol/ledger";
import type { BillRow } from "../../db/repositories/bill-repository";
import { formatUnits } from "../../../protocol/decimal";

export function toBill(row: BillRow): Bill {
  if (!isBillType(row.type)) throw new Error(`bill ${row.id} has unknown type ${row.type}`);
  return {
    id: row.id,
    type: row.type,
    asset: row.asset,
    amount: formatUnits(BigInt(row.amount), row.scale),
    balanceAfter: formatUnits(BigInt(row.balance_after), row.scale),
    ref: { kind: row.ref_kind, id: row.ref_id },
    createdAt: new Date(Number(row.created_at_ms)).toISOString(),
  };
}
