// GET /quant/subscriptions?status= and GET /quant/subscriptions/{id}/trades: the user's plans
// newest first and a plan's trades newest first (each with the recorded tick it used), in cursor
// pages (API.md "Lists": the cursor is the last item's id).
import { formatTickTime } from "../../../../protocol/market";
import type { ListPage } from "../../../../protocol/list";
import type { QuantSubscription, QuantTrade } from "../../../../protocol/quant";
import { priceString, qtyString } from "../../../../protocol/spot-rules";
import { USDT_SCALE } from "../../../../protocol/assets";
import { formatUnits } from "../../../../protocol/decimal";
import type { Queryable } from "../../../db/db";
import {
  findQuantSubscription,
  listUserQuantSubscriptions,
  type QuantSubscriptionStatus,
} from "../../../db/repositories/quant-subscription-repository";
import {
  listQuantTrades,
  type QuantTradeRow,
} from "../../../db/repositories/quant-subscription-trade-repository";
import { refusal } from "../../errors";
import { toPage } from "../../operators/list-page";
import { planRules, toQuantSubscription } from "./subscription-view";

export async function listSubscriptions(
  db: Queryable,
  userId: string,
  q: { status: QuantSubscriptionStatus | null; cursor: string | null; limit: number },
): Promise<ListPage<QuantSubscription>> {
  const rows = await listUserQuantSubscriptions(db, {
    userId,
    status: q.status,
    before: q.cursor,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toQuantSubscription);
}

function toQuantTrade(row: QuantTradeRow): QuantTrade {
  const rules = planRules(row.symbol);
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    symbol: row.symbol,
    side: row.side,
    price: priceString(BigInt(row.price), rules),
    quantity: qtyString(BigInt(row.quantity), rules),
    fee: formatUnits(BigInt(row.fee), USDT_SCALE),
    tick: {
      seq: row.tick_seq,
      price: row.tick_price,
      ts: formatTickTime(Number(row.tick_ms)),
      hash: row.tick_hash,
    },
    time: formatTickTime(Number(row.time_ms)),
  };
}

export async function listSubscriptionTrades(
  db: Queryable,
  userId: string,
  id: string,
  q: { cursor: string | null; limit: number },
): Promise<ListPage<QuantTrade>> {
  const owned = /^[1-9][0-9]{0,18}$/.test(id) ? await findQuantSubscription(db, id) : null;
  if (owned === null || owned.user_id !== userId) {
    throw refusal("NOT_FOUND", `No plan subscription ${id}`);
  }
  const rows = await listQuantTrades(db, {
    subscriptionId: id,
    before: q.cursor,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toQuantTrade);
}
