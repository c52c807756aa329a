// An option order as the API answers it (POST/GET /options/orders, the change log's
// "options-order" entity), and the one way its change reaches the user's log.
import { formatTickTime } from "../../../protocol/market";
import { formatUnits } from "../../../protocol/decimal";
import { USDT_SCALE } from "../../../protocol/assets";
import type { OptionsOrder, OptionTick } from "../../../protocol/options";
import type { Queryable } from "../../db/db";
import {
  findOptionsOrder,
  type OptionsOrderViewRow,
  type OptionsTickColumns,
} from "../../db/repositories/options-order-repository";
import { recordPut } from "../sync/change-log";

const usdt = (units: string) => formatUnits(BigInt(units), USDT_SCALE);

export function toOptionsOrder(row: OptionsOrderViewRow): OptionsOrder {
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    seconds: row.seconds,
    number: usdt(row.stake),
    fee: usdt(row.fee),
    payoutRate: canonicalRate(row.payout_rate),
    buyPrice: row.entry?.price ?? null,
    sellPrice: row.exit?.price ?? null,
    profit: row.profit === null ? null : usdt(row.profit),
    result: row.result,
    entryTick: row.entry === null ? null : tick(row.entry),
    exitTick: row.exit === null ? null : tick(row.exit),
    time: formatTickTime(row.time.getTime()),
    expiresAt: formatTickTime(row.expires_at.getTime()),
    settledAt: row.settled_at === null ? null : formatTickTime(row.settled_at.getTime()),
    reason: row.result === "void" ? "no-ticks" : null,
  };
}

/** The tick exactly as GET /market/ticks serves it (price as recorded, ts with milliseconds). */
function tick(t: OptionsTickColumns): OptionTick {
  return { seq: t.seq, price: t.price, ts: formatTickTime(t.ts.getTime()), hash: t.hash };
}

/** numeric::text keeps trailing zeros ("0.850"); the wire's decimals are canonical. */
function canonicalRate(rate: string): string {
  return rate.includes(".") ? rate.replace(/0+$/, "").replace(/\.$/, "") : rate;
}

/** Re-reads the order (after the caller's writes) and appends it to its user's change log. */
export async function recordOptionsOrder(tx: Queryable, id: string): Promise<OptionsOrder> {
  const row = await findOptionsOrder(tx, id);
  if (row === null) throw new Error(`option ${id} vanished inside its transaction`);
  const view = toOptionsOrder(row);
  await recordPut(tx, row.user_id, "options-order", row.id, view);
  return view;
}
