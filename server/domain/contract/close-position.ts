// The one way a position ends with a price: a user's close at market, or a recorded tick
// reaching its liquidation, stop-loss or take-profit price (the trigger worker). It locks the
// order row first, so a close racing a liquidation ends with exactly one: the second finds the
// position completed and changes nothing. The money is protocol/contract.ts closeOutcome's.
// A trigger is checked again on the locked row (triggerAtTick): the worker found it on the levels
// it held, and a target change committed meanwhile dates the new levels after that tick.
import {
  closeOutcome,
  triggerAtTick,
  type ContractCloseReason,
  type ContractOrder,
  type PositionTerms,
  type TriggerStart,
} from "../../../protocol/contract";
import { rateOf } from "../../../protocol/spot-rules";
import type { Queryable } from "../../db/db";
import {
  lockContractOrder,
  markContractEnded,
  notifyContractOrder,
  type ContractOrderRow,
} from "../../db/repositories/contract-order-repository";
import { keepTicks } from "../../db/repositories/tick-repository";
import { postClose } from "./contract-postings";
import { recordContractOrder, rulesOf } from "./contract-order-view";

export interface CloseRequest {
  id: string;
  reason: Exclude<ContractCloseReason, "cancelled">;
  /** USDT units per whole base coin: the book-walk price (user) or the trigger tick's price. */
  price: bigint;
  /** The recorded tick: the trigger, or the newest when a user closes. Kept against pruning. */
  tickSeq: string;
  atMs: number;
}

export type CloseResult =
  | { kind: "closed"; order: ContractOrder }
  | { kind: "not-open"; row: ContractOrderRow | null }
  /** A trigger the row's levels do not fire at that tick (its targets changed meanwhile). */
  | { kind: "not-reached"; row: ContractOrderRow };

/** What the row fixed at opening, in units. */
export function positionTerms(row: ContractOrderRow): PositionTerms {
  return {
    direction: row.direction,
    leverage: row.leverage,
    entry: BigInt(row.price),
    quantity: BigInt(row.quantity),
    margin: BigInt(row.margin),
    liquidationPrice: BigInt(row.liquidation_price),
    takeProfit: row.take_profit === null ? null : BigInt(row.take_profit),
    stopLoss: row.stop_loss === null ? null : BigInt(row.stop_loss),
  };
}

/** From which ticks the row's levels count (protocol/contract.ts triggerAtTick). */
export function triggerStart(row: ContractOrderRow): TriggerStart {
  return {
    openTickSeq: BigInt(row.open_tick_seq ?? "0"),
    targetsTickSeq: row.targets_tick_seq === null ? null : BigInt(row.targets_tick_seq),
  };
}

/** Closes the position inside `tx` unless it is no longer open (then nothing is written). */
export async function closePosition(tx: Queryable, req: CloseRequest): Promise<CloseResult> {
  const row = await lockContractOrder(tx, req.id);
  if (row === null || row.state !== 1) return { kind: "not-open", row };
  const terms = positionTerms(row);
  if (req.reason !== "user") {
    const fired = triggerAtTick(terms, req.price, BigInt(req.tickSeq), triggerStart(row));
    if (fired !== req.reason) return { kind: "not-reached", row };
  }
  const rates = { feeRate: rateOf(row.fee_rate), mmr: rateOf(row.maintenance_margin_rate) };
  const { pnl, closeFee } = closeOutcome(terms, req.price, req.reason, rates, rulesOf(row.symbol));
  const transactionId = await postClose(tx, {
    id: row.id,
    userId: row.user_id,
    marginReservationId: row.margin_reservation_id,
    margin: terms.margin,
    pnl,
    closeFee,
    kind: req.reason === "liquidation" ? "contract-liquidation" : "contract-close",
  });
  await markContractEnded(tx, row.id, {
    reason: req.reason,
    atMs: req.atMs,
    transactionId,
    closePrice: req.price,
    closeFee,
    pnl,
    tickSeq: req.tickSeq,
  });
  await keepTicks(tx, row.symbol, [req.tickSeq]);
  await notifyContractOrder(tx, row.id);
  return { kind: "closed", order: await recordContractOrder(tx, row.id) };
}
