// What the engine derives from an entry price: the margin, the opening fee and the liquidation
// price (protocol/contract.ts), and the refusals that depend on them — targets on the wrong side
// (TARGET_INVALID), a book walk that cannot fill (the fill refusal's own code), a limit the book
// already crosses (LIMIT_WOULD_FILL). Shared by placing, filling and editing targets.
import {
  contractFee,
  contractMargin,
  liquidationPrice,
  targetProblem,
  type ContractDirection,
} from "../../../protocol/contract";
import type { FillRefusal } from "../../../protocol/spot-fill";
import { priceString, type Side, type SpotRules } from "../../../protocol/spot-rules";
import { DomainError } from "../errors";
import type { ContractTerms } from "./contract-config";

export interface PricedPosition {
  /** USDT units per whole base coin. */
  entry: bigint;
  margin: bigint;
  fee: bigint;
  liquidationPrice: bigint;
}

/** The side of the book a position opens on: a long buys from the asks, a short sells to the bids. */
export function openingSide(direction: ContractDirection): Side {
  return direction === "long" ? "buy" : "sell";
}

/** The side it closes on: the opposite. */
export function closingSide(direction: ContractDirection): Side {
  return direction === "long" ? "sell" : "buy";
}

export function pricePosition(
  o: { direction: ContractDirection; leverage: number; quantity: bigint; rules: SpotRules },
  entry: bigint,
  terms: ContractTerms,
): PricedPosition {
  return {
    entry,
    margin: contractMargin(entry, o.quantity, o.leverage, o.rules),
    fee: contractFee(entry, o.quantity, terms.feeRate, o.rules),
    liquidationPrice: liquidationPrice(o.direction, entry, o.leverage, terms.mmr, o.rules),
  };
}

/** TARGET_INVALID (422) unless take-profit and stop-loss lie where protocol's targetProblem says. */
export function assertTargets(
  position: { direction: ContractDirection; entry: bigint; liquidationPrice: bigint },
  targets: { takeProfit: bigint | null; stopLoss: bigint | null },
  rules: SpotRules,
): void {
  const problem = targetProblem(position, targets);
  if (problem === null) return;
  const limit = priceString(problem.limit, rules);
  const name = problem.field === "takeProfit" ? "take-profit" : "stop-loss";
  const of = problem.reference === "entry" ? "entry price" : "liquidation price";
  throw new DomainError(
    "TARGET_INVALID",
    { field: problem.field, side: problem.side, reference: problem.reference, limit },
    `The ${name} of a ${position.direction} must be ${problem.side} its ${of} ${limit}`,
  );
}

/** A book walk that cannot fill (BOOK_EMPTY, BOOK_TOO_THIN, SLIPPAGE_EXCEEDED) as a 422. */
export function fillRefused(refusal: FillRefusal): DomainError {
  switch (refusal.code) {
    case "BOOK_EMPTY":
      return new DomainError(refusal.code, refusal.params, refusal.message);
    case "BOOK_TOO_THIN":
      return new DomainError(refusal.code, refusal.params, refusal.message);
    case "SLIPPAGE_EXCEEDED":
      return new DomainError(refusal.code, refusal.params, refusal.message);
  }
}

/** LIMIT_WOULD_FILL (422): the best opposite price already reaches the limit. */
export function limitWouldFill(side: Side, best: bigint, rules: SpotRules): DomainError {
  const bookSide = side === "buy" ? "ask" : "bid";
  const price = priceString(best, rules);
  return new DomainError(
    "LIMIT_WOULD_FILL",
    { side: bookSide, best: price },
    `The best ${bookSide} ${price} already reaches this limit price; a market order fills at the better price`,
  );
}
