// POST /spot/orders (API.md, Idempotency-Key required). A market order fills at once against the
// live book (or is stored "rejected" with its reason as data, nothing moved); a limit order the book
// already crosses fills at once as a taker up to its price when the book holds all of it within
// the limit; otherwise it freezes its funds and rests until the matcher fills it. The order row, its fill, the posting and the
// change-log entry share one transaction with the stored answer, so a refused order — bad input,
// a stale market, not enough funds — changes nothing at all.
import type { ListPage } from "../../../protocol/list";
import {
  SPOT_SIDE,
  SPOT_TYPE,
  type SpotOrder,
  type SpotOrderRequest,
} from "../../../protocol/spot";
import type { Db, Queryable } from "../../db/db";
import {
  insertSpotFill,
  insertSpotOrder,
  listUserSpotOrders,
  nextSpotOrderId,
  notifySpotOrder,
} from "../../db/repositories/spot-order-repository";
import type { MarketFeed } from "../../market/market-feed";
import { userScope, withIdempotency } from "../idempotency/with-idempotency";
import { toPage } from "../operators/list-page";
import { exchangeOf, limitReservation, meetsMinNotional } from "../../../protocol/spot-rules";
import { limitTakerFill, marketFill, walkedLevels } from "../../../protocol/spot-fill";
import { assertTradable, takeSnapshot, type MarketSnapshot } from "./market-snapshot";
import {
  belowMinNotional,
  normalisedRequest,
  parseOrderInput,
  type OrderInput,
} from "./order-input";
import { MAKER_FEE, MAX_SLIPPAGE, TAKER_FEE } from "./spot-config";
import { recordSpotOrder, toSpotOrder } from "./spot-order-view";
import { freezeLimit, postMarketFill } from "./spot-postings";

export const SPOT_ORDER_ROUTE = "POST /spot/orders";

export interface PlaceOrderCommand {
  userId: string;
  body: Partial<Record<keyof SpotOrderRequest, unknown>>;
  idempotencyKey: string;
  /** The feed the app serves from (`app.market.feed`); undefined before the market runs. */
  feed: MarketFeed | undefined;
  now?: () => number;
}

export async function placeSpotOrder(db: Db, command: PlaceOrderCommand): Promise<SpotOrder> {
  const input = parseOrderInput(command.body);
  if (input.price !== null && !meetsMinNotional(input.price, input.number, input.rules)) {
    throw belowMinNotional(input.rules);
  }
  const { feed, userId } = command;
  const snapshot = takeSnapshot(feed, input.rules);
  // A fill refers to its tick (a foreign key), so the tick must be recorded first. Outside the
  // transaction: on PGlite a flush inside it would wait for our own transaction forever.
  if (snapshot !== null) await feed?.flush();
  const answer = await withIdempotency(
    db,
    {
      scope: userScope(userId),
      route: SPOT_ORDER_ROUTE,
      key: command.idempotencyKey,
      body: normalisedRequest(input),
    },
    async (tx) => {
      // Inside, so that a replay answers the stored order even while the market is stale.
      assertTradable(snapshot, input.rules, (command.now ?? Date.now)());
      const id = await nextSpotOrderId(tx);
      if (input.type === "market") await placeMarket(tx, id, userId, input, snapshot);
      else await placeLimit(tx, id, userId, input, snapshot);
      return { statusCode: 200, data: await recordSpotOrder(tx, id) };
    },
  );
  return answer.data;
}

async function placeMarket(
  tx: Queryable,
  id: string,
  userId: string,
  input: OrderInput,
  snapshot: MarketSnapshot,
): Promise<void> {
  const { rules, side, number } = input;
  const fill = marketFill(side, snapshot.units, number, rules, MAX_SLIPPAGE);
  if (fill.kind === "rejected") {
    await insertSpotOrder(tx, {
      ...orderRow(id, userId, input),
      status: "rejected",
      reason: fill.refusal,
    });
    return;
  }
  if (!meetsMinNotional(fill.price, number, rules)) throw belowMinNotional(rules);
  await fillAsTaker(tx, id, userId, input, snapshot, fill.price);
}

/** The order's row as asked; a taker fill holds no reservation, a resting limit adds its own. */
function orderRow(id: string, userId: string, input: OrderInput) {
  const { rules, side } = input;
  return {
    id,
    userId,
    symbol: rules.symbol,
    base: rules.base,
    side: SPOT_SIDE[side],
    type: SPOT_TYPE[input.type],
    price: input.price,
    number: input.number,
    reservationId: null,
  };
}

/**
 * Fills the whole order now at `price` (a walk of the snapshot's book) with the taker fee, from
 * and to available balances (bills 316/318 or 321/323), and records the levels it took.
 */
async function fillAsTaker(
  tx: Queryable,
  id: string,
  userId: string,
  input: OrderInput,
  snapshot: MarketSnapshot,
  price: bigint,
): Promise<void> {
  const { rules, side, number } = input;
  const exchange = exchangeOf(side, price, number, rules, TAKER_FEE);
  // Throws InsufficientBalanceError (422, the seed's message) before writing anything.
  const posted = await postMarketFill(tx, {
    ...exchange,
    userId,
    orderId: id,
    base: rules.base,
    side,
    number,
  });
  await insertSpotOrder(tx, { ...orderRow(id, userId, input), status: "filled", reason: null });
  const served = side === "buy" ? snapshot.asks : snapshot.bids;
  const units = side === "buy" ? snapshot.units.asks : snapshot.units.bids;
  await insertSpotFill(tx, {
    ...exchange,
    orderId: id,
    symbol: rules.symbol,
    price,
    number,
    liquidity: "taker",
    depthSeq: snapshot.depthSeq,
    tickSeq: snapshot.tickSeq,
    bookAtMs: snapshot.bookAtMs,
    levels: walkedLevels(served, units, number, rules),
    transactionId: posted.transactionId,
  });
}

async function placeLimit(
  tx: Queryable,
  id: string,
  userId: string,
  input: OrderInput,
  snapshot: MarketSnapshot,
): Promise<void> {
  const { rules, side, number } = input;
  const price = input.price;
  if (price === null) throw new Error("a limit order without a price passed validation");
  // A limit the book already crosses takes liquidity now, up to its price, as on any exchange.
  const taker = limitTakerFill(side, snapshot.units, price, number, rules);
  if (taker.kind === "fill") {
    await fillAsTaker(tx, id, userId, input, snapshot, taker.price);
    return;
  }
  const reservation = limitReservation(side, price, number, rules, MAKER_FEE);
  const frozen = await freezeLimit(tx, { userId, orderId: id, side, ...reservation });
  if (frozen.reservationId === null) throw new Error("a freeze opened no reservation");
  await insertSpotOrder(tx, {
    ...orderRow(id, userId, input),
    status: "open",
    reason: null,
    reservationId: frozen.reservationId,
  });
  await notifySpotOrder(tx, id);
}

export async function listSpotOrders(
  db: Queryable,
  userId: string,
  q: { status: "open" | "done" | null; cursor: string | null; limit: number },
): Promise<ListPage<SpotOrder>> {
  const rows = await listUserSpotOrders(db, {
    userId,
    status: q.status,
    before: q.cursor,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toSpotOrder);
}
