// A subscription as the API answers it (POST/GET /quant/subscriptions, the stop, the change log's
// "quant-subscription" entity), and the one way its change reaches the user's log.
import { USDT_SCALE } from "../../../../protocol/assets";
import { formatUnits } from "../../../../protocol/decimal";
import { formatTickTime } from "../../../../protocol/market";
import type { QuantSubscription } from "../../../../protocol/quant";
import { priceString, qtyString, type SpotRules } from "../../../../protocol/spot-rules";
import type { Queryable } from "../../../db/db";
import {
  findQuantSubscription,
  type QuantSubscriptionRow,
} from "../../../db/repositories/quant-subscription-repository";
import { spotRules } from "../../spot/spot-config";
import { recordPut } from "../../sync/change-log";

const usdt = (units: bigint) => formatUnits(units, USDT_SCALE);
const time = (ms: string) => formatTickTime(Number(ms));

/** A listed symbol's rules; a plan of a symbol no longer listed cannot be priced. */
export function planRules(symbol: string): SpotRules {
  const rules = spotRules(symbol);
  if (rules === undefined) throw new Error(`quant plan trades unlisted symbol ${symbol}`);
  return rules;
}

export function toQuantSubscription(row: QuantSubscriptionRow): QuantSubscription {
  let held = 0n;
  const positions = Object.entries(row.positions).map(([symbol, p]) => {
    const rules = planRules(symbol);
    const quantity = BigInt(p.quantity);
    const cost = BigInt(p.cost);
    held += cost;
    const unit = 10n ** BigInt(rules.baseScale);
    // The average cost per whole coin, down to the price step (display only).
    const average = ((cost * unit) / quantity / rules.priceStep) * rules.priceStep;
    return {
      symbol,
      quantity: qtyString(quantity, rules),
      averagePrice: priceString(average, rules),
    };
  });
  const amount = BigInt(row.amount);
  return {
    id: row.id,
    planId: row.plan_id,
    strategy: row.strategy,
    amount: usdt(amount),
    leverage: row.leverage,
    tradingArea: row.trading_area,
    maxProfitRate: row.max_profit_rate,
    maxLossRate: row.max_loss_rate,
    status: row.status,
    startedAt: time(row.started_ms),
    deliveryAt: time(row.delivery_ms),
    endedAt: row.ended_ms === null ? null : time(row.ended_ms),
    endReason: row.end_reason,
    pnl: row.pnl === null ? null : usdt(BigInt(row.pnl)),
    realisedPnl: usdt(BigInt(row.cash) + held - amount),
    fees: usdt(BigInt(row.fees)),
    trades: row.trades,
    positions,
    lastTickSeq: row.last_tick_seq,
  };
}

/** Re-reads the subscription (after the caller's writes) and appends it to its user's log. */
export async function recordQuantSubscription(
  tx: Queryable,
  id: string,
): Promise<QuantSubscription> {
  const row = await findQuantSubscription(tx, id);
  if (row === null) throw new Error(`quant subscription ${id} vanished inside its transaction`);
  const view = toQuantSubscription(row);
  await recordPut(tx, row.user_id, "quant-subscription", row.id, view);
  return view;
}
