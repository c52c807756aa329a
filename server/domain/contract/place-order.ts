// POST /contract/orders (API.md, Idempotency-Key required). A market order (type 0) opens a
// position at once at the spot book-walk price — a long buys from the asks, a short sells to the
// bids, within spot's slippage cap — freezing its margin (103) and paying its fee (301) in one
// posting. A limit order (type 1) waits (state 0) with margin and fee frozen at its own price
// until the book crosses it (the worker's fill-waiting.ts); one the book already crosses is
// refused, since a market order would fill better. The row, its posting, its change-log entry
// and the stored answer share one transaction, so a refused order changes nothing at all.
import type { ContractOrder, ContractOrderRequest } from "../../../protocol/contract";
import { formatUnits } from "../../../protocol/decimal";
import { crosses, marketFill } from "../../../protocol/spot-fill";
import { rateString } from "../../../protocol/spot-rules";
import type { Db, Queryable } from "../../db/db";
import {
  insertContractOrder,
  nextContractOrderId,
  notifyContractOrder,
  type NewContractOrder,
} from "../../db/repositories/contract-order-repository";
import { userBalances } from "../../db/repositories/ledger-account-repository";
import { keepTicks } from "../../db/repositories/tick-repository";
import type { MarketFeed } from "../../market/market-feed";
import { userScope, withIdempotency } from "../idempotency/with-idempotency";
import { InsufficientBalanceError } from "../ledger/ledger-errors";
import { assertTradable, takeSnapshot, type MarketSnapshot } from "../spot/market-snapshot";
import { MAX_SLIPPAGE } from "../spot/spot-config";
import {
  DEMO_CONTRACT_TERMS,
  offeredTerms,
  type ContractSection,
  type ContractTerms,
} from "./contract-config";
import { recordContractOrder } from "./contract-order-view";
import { freezeLimit, postMarketOpen } from "./contract-postings";
import {
  belowMinValue,
  meetsMinValue,
  normalisedRequest,
  parseContractOrderInput,
  type ContractOrderInput,
} from "./order-input";
import {
  assertTargets,
  fillRefused,
  limitWouldFill,
  openingSide,
  pricePosition,
  type PricedPosition,
} from "./position-pricing";

export const CONTRACT_ORDER_ROUTE = "POST /contract/orders";

export interface PlaceContractOrderCommand {
  userId: string;
  body: Partial<Record<keyof ContractOrderRequest, unknown>>;
  idempotencyKey: string;
  /** The feed the app serves from (`app.market.feed`); undefined before the market runs. */
  feed: MarketFeed | undefined;
  /** What is offered (`app.config.contract`); tests and benches may omit it: demo's terms. */
  contract?: ContractSection;
  now?: () => number;
}

export async function placeContractOrder(
  db: Db,
  command: PlaceContractOrderCommand,
): Promise<ContractOrder> {
  const terms = offeredTerms(command.contract ?? { terms: DEMO_CONTRACT_TERMS });
  const input = parseContractOrderInput(command.body, terms);
  if (input.price !== null) {
    // A limit order is priced by its own price: refused before the market is even read.
    if (!meetsMinValue(input.price, input.quantity, input.rules, terms)) throw belowMinValue(terms);
    assertTargets(
      { direction: input.direction, ...pricePosition(input, input.price, terms) },
      input,
      input.rules,
    );
  }
  const { feed, userId } = command;
  const now = command.now ?? Date.now;
  const snapshot = takeSnapshot(feed, input.rules);
  // The row refers to its opening tick (a foreign key), so the tick must be recorded first.
  // Outside the transaction: on PGlite a flush inside it would wait for our own transaction.
  if (snapshot !== null) await feed?.flush();
  const answer = await withIdempotency(
    db,
    {
      scope: userScope(userId),
      route: CONTRACT_ORDER_ROUTE,
      key: command.idempotencyKey,
      body: normalisedRequest(input),
    },
    async (tx) => {
      // Inside, so that a replay answers the stored order even while the market is stale.
      assertTradable(snapshot, input.rules, now());
      const id = await nextContractOrderId(tx);
      const order = { id, userId, input, terms, atMs: now() };
      if (input.type === "market") await openAtMarket(tx, order, snapshot);
      else await placeLimit(tx, order, snapshot);
      return { statusCode: 200, data: await recordContractOrder(tx, id) };
    },
  );
  return answer.data;
}

interface NewOrder {
  id: string;
  userId: string;
  input: ContractOrderInput;
  terms: ContractTerms;
  atMs: number;
}

async function openAtMarket(tx: Queryable, o: NewOrder, snapshot: MarketSnapshot): Promise<void> {
  const { input, terms } = o;
  const { rules } = input;
  const fill = marketFill(
    openingSide(input.direction),
    snapshot.units,
    input.quantity,
    rules,
    MAX_SLIPPAGE,
  );
  if (fill.kind === "rejected") throw fillRefused(fill.refusal);
  if (!meetsMinValue(fill.price, input.quantity, rules, terms)) throw belowMinValue(terms);
  const priced = pricePosition(input, fill.price, terms);
  assertTargets({ direction: input.direction, ...priced }, input, rules);
  // Throws InsufficientBalanceError (422, the seed's message) before writing anything.
  const posted = await postMarketOpen(tx, {
    id: o.id,
    userId: o.userId,
    margin: priced.margin,
    fee: priced.fee,
  });
  await insertContractOrder(tx, {
    ...row(o, priced),
    marginReservationId: posted.marginReservationId,
    feeReservationId: null,
    opened: { transactionId: posted.transactionId, tickSeq: snapshot.tickSeq },
  });
  // The tick the position opened on stays recorded: its triggers are the ticks after it.
  await keepTicks(tx, rules.symbol, [snapshot.tickSeq]);
  await notifyContractOrder(tx, o.id);
}

async function placeLimit(tx: Queryable, o: NewOrder, snapshot: MarketSnapshot): Promise<void> {
  const { input, terms } = o;
  const { rules } = input;
  const price = input.price;
  if (price === null) throw new Error("a limit order without a price passed validation");
  const side = openingSide(input.direction);
  const best = crosses(side, price, snapshot.units);
  if (best !== undefined) throw limitWouldFill(side, best.price, rules);
  const priced = pricePosition(input, price, terms);
  await assertAffordable(tx, o.userId, priced.margin + priced.fee);
  const frozen = await freezeLimit(tx, {
    id: o.id,
    userId: o.userId,
    margin: priced.margin,
    fee: priced.fee,
  });
  await insertContractOrder(tx, { ...row(o, priced), ...frozen, opened: null });
  await notifyContractOrder(tx, o.id);
}

/**
 * A limit order freezes margin and fee as two reservations; the ledger refuses whichever does
 * not fit, naming only that part. This names the whole: what is available and margin + fee.
 * The freezes stay the rule (a race with another posting still ends in the ledger's refusal).
 */
async function assertAffordable(tx: Queryable, userId: string, needed: bigint): Promise<void> {
  const usdt = (await userBalances(tx, userId)).find((b) => b.asset === "USDT");
  const available = BigInt(usdt?.available ?? "0");
  if (available >= needed) return;
  throw new InsufficientBalanceError({
    asset: "USDT",
    available: formatUnits(available, 6),
    needed: formatUnits(needed, 6),
  });
}

function row(
  o: NewOrder,
  priced: PricedPosition,
): Omit<NewContractOrder, "marginReservationId" | "feeReservationId" | "opened"> {
  const { input, terms } = o;
  return {
    id: o.id,
    userId: o.userId,
    symbol: input.rules.symbol,
    direction: input.direction,
    leverage: input.leverage,
    type: input.type === "market" ? 0 : 1,
    quantity: input.quantity,
    price: priced.entry,
    margin: priced.margin,
    openFee: priced.fee,
    liquidationPrice: priced.liquidationPrice,
    feeRate: rateString(terms.feeRate),
    maintenanceMarginRate: rateString(terms.mmr),
    takeProfit: input.takeProfit,
    stopLoss: input.stopLoss,
    timeMs: o.atMs,
  };
}
