// POST /options/orders (API.md, Idempotency-Key required) and GET /options/orders. Buying an
// option is one debit — the stake to the options pool (311), the fee to fees (314) — the open
// order row, its change-log entry and the stored answer, all in one transaction, so a refused
// order (bad input, a stale price, not enough funds, an option still open) changes nothing.
// The house is the counterparty: the pool pays wins and keeps lost stakes (settle-*.ts).
import type { ListPage } from "../../../protocol/list";
import {
  PREVIOUS_ORDER_OPEN_MESSAGE,
  type OptionsOrder,
  type OptionsOrderRequest,
  type OptionsProduct,
} from "../../../protocol/options";
import type { Db, Queryable } from "../../db/db";
import { lockChangeHead } from "../../db/repositories/change-log-repository";
import {
  hasOpenOptionsOrder,
  insertOptionsOrder,
  listUserOptionsOrders,
  nextOptionsOrderId,
} from "../../db/repositories/options-order-repository";
import type { MarketFeed } from "../../market/market-feed";
import { refusal, type DomainError } from "../errors";
import { userScope, withIdempotency } from "../idempotency/with-idempotency";
import { debit } from "../ledger/operations";
import { toPage } from "../operators/list-page";
import { assertLivePrice } from "../spot/market-snapshot";
import { startChangeLog } from "../sync/baseline";
import { DEMO_OPTIONS_PRODUCTS } from "./options-config";
import { recordOptionsOrder, toOptionsOrder } from "./options-order-view";
import { normalisedRequest, parseOptionsOrderInput } from "./order-input";

export const OPTIONS_ORDER_ROUTE = "POST /options/orders";
/** Bills of a purchase (and of its settlement) refer to the order. */
export const OPTIONS_REF_KIND = "options-order";

export interface PlaceOptionsOrderCommand {
  userId: string;
  body: Partial<Record<keyof OptionsOrderRequest, unknown>>;
  idempotencyKey: string;
  /** The feed the app serves from (`app.market.feed`); undefined before the market runs. */
  feed: MarketFeed | undefined;
  /** The offered products (`app.config.options.products`); tests and benches may omit: demo's. */
  products?: readonly OptionsProduct[];
  now?: () => number;
}

export async function placeOptionsOrder(
  db: Db,
  command: PlaceOptionsOrderCommand,
): Promise<OptionsOrder> {
  const input = parseOptionsOrderInput(command.body, command.products ?? DEMO_OPTIONS_PRODUCTS);
  const { userId, feed } = command;
  const now = command.now ?? Date.now;
  const answer = await withIdempotency(
    db,
    {
      scope: userScope(userId),
      route: OPTIONS_ORDER_ROUTE,
      key: command.idempotencyKey,
      body: normalisedRequest(input),
    },
    async (tx) => {
      // Inside, so that a replay answers the stored order even while the market is stale.
      assertLivePrice(feed, input.symbol, now());
      // The user's change-log head is the first lock every posting of theirs takes: holding it,
      // no other order of this user can commit before we decide, so the check below is a clean
      // early refusal. The partial unique index stays the rule (insertOptionsOrder).
      await startChangeLog(tx, userId);
      await lockChangeHead(tx, userId);
      if (await hasOpenOptionsOrder(tx, userId)) throw previousOrderOpen();
      const id = await nextOptionsOrderId(tx);
      // Throws InsufficientBalanceError (422, the seed's message) before writing anything.
      const posted = await debit(tx, {
        kind: "options-purchase",
        reference: `options order ${id}`,
        ref: { kind: OPTIONS_REF_KIND, id },
        userId,
        asset: "USDT",
        amount: input.stake,
        billType: 311,
        to: "options-pool",
        fee: { amount: input.fee, billType: 314 },
      });
      const inserted = await insertOptionsOrder(tx, {
        id,
        userId,
        symbol: input.symbol,
        direction: input.direction,
        seconds: input.product.seconds,
        stake: input.stake,
        fee: input.fee,
        payoutRate: input.product.payoutRate,
        timeMs: acceptanceTime(feed, input.symbol, now()),
        purchaseTransactionId: posted.transactionId,
      });
      // Rolls the debit back with everything else.
      if (!inserted) throw previousOrderOpen();
      return { statusCode: 200, data: await recordOptionsOrder(tx, id) };
    },
  );
  return answer.data;
}

/**
 * Acceptance time: the entry is the first tick recorded after it. Never before a tick the server
 * already holds — an exchange feed's timestamps may run ahead of our clock, and an entry the buyer
 * could already see would be a free look at the price.
 */
function acceptanceTime(feed: MarketFeed | undefined, symbol: string, nowMs: number): number {
  return Math.max(nowMs, feed?.lastTickTime(symbol) ?? nowMs);
}

function previousOrderOpen(): DomainError {
  return refusal("PREVIOUS_ORDER_OPEN", PREVIOUS_ORDER_OPEN_MESSAGE);
}

export async function listOptionsOrders(
  db: Queryable,
  userId: string,
  q: { status: "open" | "done" | null; cursor: string | null; limit: number },
): Promise<ListPage<OptionsOrder>> {
  const rows = await listUserOptionsOrders(db, {
    userId,
    status: q.status,
    before: q.cursor,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toOptionsOrder);
}
