// What the console's promotions screen reads besides the budget: invitation rewards paid and
// still waiting (migration 023), in ledger units.
import type { Queryable } from "../db";

export interface RewardTotals {
  paidCount: number;
  paidAmount: bigint;
  waitingCount: number;
  waitingAmount: bigint;
}

export async function rewardTotals(db: Queryable, asset: string): Promise<RewardTotals> {
  const [row] = await db.query<{ pc: number; pa: string; wc: number; wa: string }>(
    `SELECT count(*) FILTER (WHERE paid_at IS NOT NULL)::int AS pc,
            COALESCE(sum(amount) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS pa,
            count(*) FILTER (WHERE paid_at IS NULL)::int AS wc,
            COALESCE(sum(amount) FILTER (WHERE paid_at IS NULL), 0)::text AS wa
       FROM invite_rewards WHERE asset = $1`,
    [asset],
  );
  return {
    paidCount: row?.pc ?? 0,
    paidAmount: BigInt(row?.pa ?? "0"),
    waitingCount: row?.wc ?? 0,
    waitingAmount: BigInt(row?.wa ?? "0"),
  };
}
