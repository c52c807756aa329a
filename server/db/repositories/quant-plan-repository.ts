// The quant plan catalogue (migration 019): read by GET /quant/plans and by subscribing. Demo-only
// plans (the 10-minute one) exist only when the server runs in demo mode.
import type { QuantParams, QuantStrategyId } from "../../../protocol/quant";
import type { Queryable } from "../db";

export interface QuantPlanRow {
  id: string;
  level: 0 | 1 | 2 | 3 | 4;
  name: string;
  strategy: QuantStrategyId;
  params: QuantParams;
  /** USDT units. */
  minAmount: bigint;
  maxAmount: bigint;
  leverage: number;
  tradingArea: string[];
  /** Decimal fractions as stored ("0.1"). */
  maxProfitRate: string;
  maxLossRate: string;
  durationMinutes: number;
  demoOnly: boolean;
}

interface Columns {
  id: string;
  level: number;
  name: string;
  strategy: QuantStrategyId;
  params: QuantParams;
  min_amount: string;
  max_amount: string;
  leverage: number;
  trading_area: string[];
  max_profit_rate: string;
  max_loss_rate: string;
  duration_minutes: number;
  demo_only: boolean;
}

const SELECT = `
  SELECT id, level, name, strategy, params, min_amount::text AS min_amount,
         max_amount::text AS max_amount, leverage, trading_area,
         max_profit_rate::text AS max_profit_rate, max_loss_rate::text AS max_loss_rate,
         duration_minutes, demo_only
    FROM quant_plans`;

function rowOf(c: Columns): QuantPlanRow {
  return {
    id: c.id,
    level: c.level as QuantPlanRow["level"],
    name: c.name,
    strategy: c.strategy,
    params: c.params,
    minAmount: BigInt(c.min_amount),
    maxAmount: BigInt(c.max_amount),
    leverage: c.leverage,
    tradingArea: c.trading_area,
    maxProfitRate: c.max_profit_rate,
    maxLossRate: c.max_loss_rate,
    durationMinutes: c.duration_minutes,
    demoOnly: c.demo_only,
  };
}

/** The plans offered in this mode, by level then their place within it. */
export async function listQuantPlans(db: Queryable, demo: boolean): Promise<QuantPlanRow[]> {
  const rows = await db.query<Columns>(
    `${SELECT} WHERE $1 OR NOT demo_only ORDER BY level, sort, id`,
    [demo],
  );
  return rows.map(rowOf);
}

/** One plan offered in this mode, or null (unknown, or demo-only outside demo). */
export async function findQuantPlan(
  db: Queryable,
  id: string,
  demo: boolean,
): Promise<QuantPlanRow | null> {
  const rows = await db.query<Columns>(`${SELECT} WHERE id = $1 AND ($2 OR NOT demo_only)`, [
    id,
    demo,
  ]);
  const row = rows[0];
  return row === undefined ? null : rowOf(row);
}
