// A spot order as the API answers it (POST/DELETE/GET /spot/orders, the change log's
// "spot-order" entity), and the one way its change reaches the user's log.
import type { ErrorCode } from "../../../protocol/envelope";
import { SPOT_SIDE, SPOT_TYPE, type SpotFill, type SpotOrder } from "../../../protocol/spot";
import type { Queryable } from "../../db/db";
import { findSpotOrder, type SpotOrderViewRow } from "../../db/repositories/spot-order-repository";
import { formatUnits } from "../../../protocol/decimal";
import { recordPut } from "../sync/change-log";
import { priceString, qtyString } from "../../../protocol/spot-rules";
import { QUOTE_SCALE, spotRules } from "./spot-config";

export function toSpotOrder(row: SpotOrderViewRow): SpotOrder {
  const rules = spotRules(row.symbol);
  if (rules === undefined) throw new Error(`spot order ${row.id}: ${row.symbol} is not listed`);
  const fills: SpotFill[] =
    row.fill_price === null || row.fill_number === null
      ? []
      : [
          {
            price: priceString(BigInt(row.fill_price), rules),
            number: qtyString(BigInt(row.fill_number), rules),
            fee: formatUnits(BigInt(row.fill_fee ?? "0"), QUOTE_SCALE),
            depthSeq: row.fill_depth_seq ?? "",
            tickSeq: row.fill_tick_seq ?? "",
            liquidity: row.fill_liquidity ?? "maker",
            time: (row.fill_created_at ?? row.created_at).toISOString(),
          },
        ];
  const fill = fills[0];
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side === 0 ? SPOT_SIDE.buy : SPOT_SIDE.sell,
    type: row.type === 0 ? SPOT_TYPE.market : SPOT_TYPE.limit,
    price: row.price === null ? null : priceString(BigInt(row.price), rules),
    number: qtyString(BigInt(row.number), rules),
    filled: fill?.number ?? "0",
    // One fill per order (it fills completely at once), so its price is the average.
    avgPrice: fill?.price ?? null,
    fee: fill?.fee ?? "0",
    status: row.status,
    createdAt: row.created_at.toISOString(),
    filledAt: row.filled_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    reason: row.reason,
    reasonCode: row.reason_code as ErrorCode | null,
    reasonParams: row.reason_params,
    fills,
  };
}

/** Re-reads the order (after the caller's writes) and appends it to its user's change log. */
export async function recordSpotOrder(tx: Queryable, id: string): Promise<SpotOrder> {
  const row = await findSpotOrder(tx, id);
  if (row === null) throw new Error(`spot order ${id} vanished inside its transaction`);
  const view = toSpotOrder(row);
  await recordPut(tx, row.user_id, "spot-order", row.id, view);
  return view;
}
