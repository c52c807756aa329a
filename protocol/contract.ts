// Contract trading's wire types and its pure rules (API.md /contract/*, DESIGN §1 and §6, bills
// 301–303, margin 103/104): isolated-margin USDT-linear positions with the house as the
// counterparty. The server's engine, its liquidation worker, the app's confirm sheet and any
// verifier compute every number that decides a loss here, from the same bigint units:
//
//   value       = price × quantity                       (USDT units, exact product / 10^baseScale)
//   margin      = value / leverage                       rounded up   (frozen 103, unfrozen 104)
//   fee         = value × feeRate                        rounded up   (301, at open and at close)
//   liquidation long  entry × (1 − 1/leverage + mmr)     rounded down to the price step
//               short entry × (1 + 1/leverage − mmr)     rounded up to the price step
//   pnl   long  (close − entry) × quantity   short (entry − close) × quantity
//               a gain rounded down, a loss rounded up (302 income / 303 loss)
//
// Toward the house everywhere the user pays or is paid (DESIGN §5), and toward the user where a
// price decides when they lose everything: the liquidation price is never closer to the entry
// than the formula says. A position can never cost more than its margin: a liquidation loses
// exactly the margin and pays no closing fee; any other close caps the loss and then the fee so
// that loss + closing fee ≤ margin (the house absorbs a gap beyond that).
//
// Triggers (triggerAtTick): a take-profit or stop-loss applies to the ticks recorded after it
// was set (after the opening tick when set at placing); liquidation applies to every tick after
// the opening tick. An order records both points (openTickSeq, targetsTickSeq), so the worker and
// any verifier apply the same levels to the same ticks.
//
// Prices are USDT units (scale 6) per whole base coin, quantities base units (scale 8).
import type { Static } from "@sinclair/typebox";
import type {
  CONTRACT_CLOSE_REASONS,
  ContractConfigAnswer,
  ContractOrderAnswer,
  ContractOrderBody,
  ContractTargetsBody,
} from "./endpoints/contract";
import type { Rate, SpotRules } from "./spot-rules";

export type ContractDirection = "long" | "short";
export const CONTRACT_DIRECTIONS: readonly ContractDirection[] = ["long", "short"];

/** API.md: contract 0 waiting, 1 position, 2 completed. */
export const CONTRACT_STATE = { waiting: 0, position: 1, completed: 2 } as const;
export type ContractState = (typeof CONTRACT_STATE)[keyof typeof CONTRACT_STATE];

/** 0 market (fills now at the book-walk price), 1 limit (waits until the book crosses it). */
export const CONTRACT_TYPE = { market: 0, limit: 1 } as const;

export type ContractCloseReason = (typeof CONTRACT_CLOSE_REASONS)[number];
/** What closes a position without the user asking: a recorded tick reaching its price. */
export type ContractTrigger = "liquidation" | "take-profit" | "stop-loss";

/** GET /contract/config */
export type ContractConfig = Static<typeof ContractConfigAnswer>;
/** POST /contract/orders body. */
export type ContractOrderRequest = Static<typeof ContractOrderBody>;
/** PUT /contract/orders/{id}/targets body. */
export type ContractTargetsRequest = Static<typeof ContractTargetsBody>;
/** An order as the API and the change log's "contract-order" entity carry it. */
export type ContractOrder = Static<typeof ContractOrderAnswer>;

/** The rates that price a position, as exact fractions. */
export interface ContractRates {
  feeRate: Rate;
  /** Maintenance margin rate. */
  mmr: Rate;
}

/** What a position fixed when it opened: everything its close needs besides the close price. */
export interface PositionTerms {
  direction: ContractDirection;
  leverage: number;
  /** USDT units per whole base coin. */
  entry: bigint;
  /** Base units. */
  quantity: bigint;
  /** USDT units frozen for it. */
  margin: bigint;
  /** USDT units per whole base coin. */
  liquidationPrice: bigint;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
}

const unitOf = (rules: Pick<SpotRules, "baseScale">) => 10n ** BigInt(rules.baseScale);
const ceilDiv = (n: bigint, d: bigint) => (n + d - 1n) / d;

/** price × quantity in USDT units, rounded down (what the position is worth, for display). */
export function contractValue(price: bigint, quantity: bigint, rules: SpotRules): bigint {
  return (price * quantity) / unitOf(rules);
}

/** value / leverage, rounded up: the user freezes at least the exact margin. */
export function contractMargin(
  price: bigint,
  quantity: bigint,
  leverage: number,
  rules: SpotRules,
): bigint {
  return ceilDiv(price * quantity, unitOf(rules) * BigInt(leverage));
}

/** value × feeRate on the exact product, rounded up (charged at open and at close). */
export function contractFee(
  price: bigint,
  quantity: bigint,
  feeRate: Rate,
  rules: SpotRules,
): bigint {
  return ceilDiv(price * quantity * feeRate.num, unitOf(rules) * feeRate.den);
}

/**
 * Long: entry × (1 − 1/leverage + mmr), rounded down to the price step; short: entry × (1 +
 * 1/leverage − mmr), rounded up. Never negative (a long at 1× with a tiny mmr rounds to 0 and is
 * then never liquidated: its price cannot fall below 0).
 */
export function liquidationPrice(
  direction: ContractDirection,
  entry: bigint,
  leverage: number,
  mmr: Rate,
  rules: SpotRules,
): bigint {
  const lev = BigInt(leverage);
  const den = lev * mmr.den;
  // 1 ∓ 1/lev ± mmr as the fraction num/den.
  const num =
    direction === "long"
      ? lev * mmr.den - mmr.den + lev * mmr.num
      : lev * mmr.den + mmr.den - lev * mmr.num;
  if (num <= 0n) return 0n;
  const step = rules.priceStep;
  const steps =
    direction === "long" ? (entry * num) / (den * step) : ceilDiv(entry * num, den * step);
  return steps * step;
}

/** Realised pnl of closing at `close`: a gain rounded down, a loss rounded up (toward the house). */
export function contractPnl(
  direction: ContractDirection,
  entry: bigint,
  close: bigint,
  quantity: bigint,
  rules: SpotRules,
): bigint {
  const move = direction === "long" ? close - entry : entry - close;
  const raw = move * quantity;
  const unit = unitOf(rules);
  return raw >= 0n ? raw / unit : -ceilDiv(-raw, unit);
}

/** Which trigger a recorded price sets off; liquidation first, then stop-loss, then take-profit. */
export function triggerAt(position: PositionTerms, price: bigint): ContractTrigger | null {
  const long = position.direction === "long";
  const reached = (level: bigint | null, below: boolean) =>
    level !== null && (below ? price <= level : price >= level);
  // A long liquidates at or below its price, a short at or above (a 0 price never triggers).
  if (position.liquidationPrice > 0n && reached(position.liquidationPrice, long)) {
    return "liquidation";
  }
  if (reached(position.stopLoss, long)) return "stop-loss";
  if (reached(position.takeProfit, !long)) return "take-profit";
  return null;
}

/** From which recorded ticks a position's levels count (ContractOrder's two tick seqs). */
export interface TriggerStart {
  /** The opening tick: liquidation counts for every tick after it. */
  openTickSeq: bigint;
  /** The newest tick when take-profit/stop-loss were last set; null: set at placing. */
  targetsTickSeq: bigint | null;
}

/**
 * triggerAt for the recorded tick `seq`, on the rule above: nothing at or before the opening
 * tick; take-profit and stop-loss only after the tick they were set at (the later of it and the
 * opening tick).
 */
export function triggerAtTick(
  position: PositionTerms,
  price: bigint,
  seq: bigint,
  start: TriggerStart,
): ContractTrigger | null {
  const { openTickSeq, targetsTickSeq } = start;
  if (seq <= openTickSeq) return null;
  const targetsCount = targetsTickSeq === null || seq > targetsTickSeq;
  if (targetsCount || (position.takeProfit === null && position.stopLoss === null)) {
    return triggerAt(position, price);
  }
  return triggerAt({ ...position, takeProfit: null, stopLoss: null }, price);
}

/** What closing a position moves: its pnl (302/303) and its closing fee (301). */
export interface CloseOutcome {
  /** USDT units, signed; never below −margin. */
  pnl: bigint;
  /** USDT units; −min(pnl, 0) + closeFee ≤ margin. */
  closeFee: bigint;
}

/**
 * The money of a close at `price`. A liquidation loses exactly the margin and pays no fee; any
 * other close pays its pnl and the closing fee, capped so that the position never costs more
 * than its margin (a market close beyond the liquidation price: the house absorbs the gap).
 */
export function closeOutcome(
  position: PositionTerms,
  price: bigint,
  reason: Exclude<ContractCloseReason, "cancelled">,
  rates: ContractRates,
  rules: SpotRules,
): CloseOutcome {
  if (reason === "liquidation") return { pnl: -position.margin, closeFee: 0n };
  const rawPnl = contractPnl(position.direction, position.entry, price, position.quantity, rules);
  const pnl = rawPnl < -position.margin ? -position.margin : rawPnl;
  const fee = contractFee(price, position.quantity, rates.feeRate, rules);
  const room = position.margin + (pnl < 0n ? pnl : 0n);
  return { pnl, closeFee: fee < room ? fee : room };
}

/**
 * The largest quantity (a multiple of the quantity step) whose margin and opening fee at `price`
 * fit in `available` USDT units: what "100 %" means on the order form.
 */
export function maxQuantity(
  available: bigint,
  price: bigint,
  leverage: number,
  rates: ContractRates,
  rules: SpotRules,
): bigint {
  if (price <= 0n || available <= 0n) return 0n;
  // An upper bound from the exact costs, then step down while the rounded costs do not fit.
  const unit = unitOf(rules);
  const lev = BigInt(leverage);
  const f = rates.feeRate;
  // cost(q) ≈ price·q/unit × (1/lev + fee) = price·q·(f.den + lev·f.num) / (unit·lev·f.den)
  const bound = (available * unit * lev * f.den) / (price * (f.den + lev * f.num));
  let q = (bound / rules.qtyStep) * rules.qtyStep;
  const cost = (qty: bigint) =>
    contractMargin(price, qty, leverage, rules) + contractFee(price, qty, f, rules);
  while (q > 0n && cost(q) > available) q -= rules.qtyStep;
  return q;
}

/** Why a take-profit or stop-loss is refused (the TARGET_INVALID refusal's params, in units). */
export interface TargetProblem {
  field: "takeProfit" | "stopLoss";
  /** Where the target must lie. */
  side: "above" | "below";
  reference: "entry" | "liquidation";
  /** The entry or liquidation price it must lie beyond, USDT units per whole base coin. */
  limit: bigint;
}

/**
 * The first thing wrong with a position's targets, or null. A long's take-profit lies above its
 * entry and its stop-loss between its liquidation price and its entry (at or below the
 * liquidation price the position is liquidated first, and loses its whole margin); a short's
 * mirrored. `entry` is a waiting limit order's own price.
 */
export function targetProblem(
  position: Pick<PositionTerms, "direction" | "entry" | "liquidationPrice">,
  targets: { takeProfit: bigint | null; stopLoss: bigint | null },
): TargetProblem | null {
  const { entry, liquidationPrice } = position;
  const long = position.direction === "long";
  const profitSide = long ? "above" : "below";
  const lossSide = long ? "below" : "above";
  const beyond = (price: bigint, level: bigint, side: "above" | "below") =>
    side === "above" ? price > level : price < level;
  const { takeProfit, stopLoss } = targets;
  if (takeProfit !== null && !beyond(takeProfit, entry, profitSide)) {
    return { field: "takeProfit", side: profitSide, reference: "entry", limit: entry };
  }
  if (stopLoss !== null) {
    if (!beyond(stopLoss, entry, lossSide)) {
      return { field: "stopLoss", side: lossSide, reference: "entry", limit: entry };
    }
    // A long at 1× with a tiny mmr has no liquidation price (0): any stop-loss above 0 is fine.
    const liquidates = long ? liquidationPrice > 0n : true;
    if (liquidates && !beyond(stopLoss, liquidationPrice, profitSide)) {
      return {
        field: "stopLoss",
        side: profitSide,
        reference: "liquidation",
        limit: liquidationPrice,
      };
    }
  }
  return null;
}
