// A contract order as the API answers it (POST/GET /contract/orders, the change log's
// "contract-order" entity), and the one way its change reaches the user's log.
import { USDT_SCALE } from "../../../protocol/assets";
import type { ContractOrder } from "../../../protocol/contract";
import { formatUnits } from "../../../protocol/decimal";
import { formatTickTime } from "../../../protocol/market";
import { contractValue } from "../../../protocol/contract";
import { priceString, qtyString, type SpotRules } from "../../../protocol/spot-rules";
import type { Queryable } from "../../db/db";
import {
  findContractOrder,
  type ContractOrderViewRow,
} from "../../db/repositories/contract-order-repository";
import { recordPut } from "../sync/change-log";
import { spotRules } from "../spot/spot-config";

const usdt = (units: bigint) => formatUnits(units, USDT_SCALE);
const time = (d: Date) => formatTickTime(d.getTime());

/** A listed symbol's rules; a row of a symbol no longer listed cannot be priced. */
export function rulesOf(symbol: string): SpotRules {
  const rules = spotRules(symbol);
  if (rules === undefined) throw new Error(`contract order of unlisted symbol ${symbol}`);
  return rules;
}

export function toContractOrder(row: ContractOrderViewRow): ContractOrder {
  const rules = rulesOf(row.symbol);
  const price = BigInt(row.price);
  const quantity = BigInt(row.quantity);
  const openFee = BigInt(row.open_fee);
  const closeFee = row.close_fee === null ? null : BigInt(row.close_fee);
  const atPrice = (units: string | null) =>
    units === null ? null : priceString(BigInt(units), rules);
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    leverage: row.leverage,
    type: row.type,
    quantity: qtyString(quantity, rules),
    value: usdt(contractValue(price, quantity, rules)),
    price: priceString(price, rules),
    margin: usdt(BigInt(row.margin)),
    liquidationPrice: priceString(BigInt(row.liquidation_price), rules),
    takeProfit: atPrice(row.take_profit),
    stopLoss: atPrice(row.stop_loss),
    pnl: row.pnl === null ? null : usdt(BigInt(row.pnl)),
    // Paid so far: a waiting order's fee is only frozen, and a cancelled one's came back.
    fee: usdt((row.opened_at === null ? 0n : openFee) + (closeFee ?? 0n)),
    openFee: usdt(openFee),
    closeFee: closeFee === null ? null : usdt(closeFee),
    state: row.state,
    time: time(row.time),
    openedAt: row.opened_at === null ? null : time(row.opened_at),
    openTickSeq: row.open_tick_seq,
    targetsTickSeq: row.targets_tick_seq,
    closePrice: atPrice(row.close_price),
    closedAt: row.closed_at === null ? null : time(row.closed_at),
    closeReason: row.close_reason,
    closeTick:
      row.close_tick === null
        ? null
        : {
            seq: row.close_tick.seq,
            price: row.close_tick.price,
            ts: time(row.close_tick.ts),
            hash: row.close_tick.hash,
          },
  };
}

/** Re-reads the order (after the caller's writes) and appends it to its user's change log. */
export async function recordContractOrder(tx: Queryable, id: string): Promise<ContractOrder> {
  const row = await findContractOrder(tx, id);
  if (row === null) throw new Error(`contract order ${id} vanished inside its transaction`);
  const view = toContractOrder(row);
  await recordPut(tx, row.user_id, "contract-order", row.id, view);
  return view;
}
