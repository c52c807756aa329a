// Spot trading on the wire (API.md /spot/orders, bills 315-325; DESIGN §6). Prices are quote
// (USDT) per base unit at the symbol's price scale; numbers are base quantities at its quantity
// scale; fees are always USDT. All decimal strings, never a JS number.
import type { Static } from "@sinclair/typebox";
import type { SpotConfigAnswer, SpotOrderBody, SpotSymbolRulesAnswer } from "./endpoints/spot";
import type { ErrorCode, ErrorParams } from "./envelope";

/** side 0 buy (pay USDT, get the base coin), 1 sell. */
export const SPOT_SIDE = { buy: 0, sell: 1 } as const;
export type SpotSide = (typeof SPOT_SIDE)[keyof typeof SPOT_SIDE];

/** type 0 market (fills now against the book), 1 limit (rests until the book crosses it). */
export const SPOT_TYPE = { market: 0, limit: 1 } as const;
export type SpotType = (typeof SPOT_TYPE)[keyof typeof SPOT_TYPE];

/**
 * open: a limit order resting (funds frozen); filled: done, funds exchanged; cancelled: the user
 * cancelled it and everything frozen came back; rejected: accepted but never filled (a market
 * order the book could not fill within the slippage cap): `reasonCode` and `reasonParams` say
 * why (`reason` in English), no money moved.
 */
export type SpotOrderStatus = "open" | "filled" | "cancelled" | "rejected";

/** POST /spot/orders (with an Idempotency-Key). `price` is required for limit orders only. */
export type SpotOrderRequest = Static<typeof SpotOrderBody>;

/**
 * One execution of an order, and the market record it used, so anyone can audit it: the book
 * it was priced on (`depthSeq`: the `seq` GET /market/depth answers for that book, which is the
 * symbol's tick seq when the book was taken; not /ws/depth's per-subscriber frame numbers) and
 * the last recorded tick of the symbol (its `seq` in GET /market/ticks) when it filled.
 */
export interface SpotFill {
  price: string;
  number: string;
  /** USDT. */
  fee: string;
  depthSeq: string;
  tickSeq: string;
  /**
   * taker: it took the book's prices at once (a market order, or a limit order the book already
   * crossed when it was placed; taker fee); maker: a limit order that rested and filled at its
   * own price (maker fee).
   */
  liquidity: "taker" | "maker";
  time: string;
}

/** An order as POST/DELETE/GET /spot/orders and the change log's "spot-order" entity carry it. */
export interface SpotOrder {
  id: string;
  symbol: string;
  side: SpotSide;
  type: SpotType;
  /** The limit price (a crossing limit may fill better, see `avgPrice`); null for a market order. */
  price: string | null;
  number: string;
  /** Base quantity filled so far ("0" until it fills). */
  filled: string;
  /** Volume-weighted price of the fills; null before any fill. */
  avgPrice: string | null;
  /** USDT fee charged (taker for market, maker for limit); "0" until it fills. */
  fee: string;
  status: SpotOrderStatus;
  createdAt: string;
  filledAt: string | null;
  /** When it was cancelled (status "cancelled"). */
  cancelledAt: string | null;
  /** Why it was rejected, the English sentence; null otherwise. */
  reason: string | null;
  /** Why it was rejected, as data: the refusal code (protocol/refusals.ts); null otherwise. */
  reasonCode: ErrorCode | null;
  /** The params of `reasonCode`; null with it. */
  reasonParams: ErrorParams | null;
  fills: SpotFill[];
}

/** GET /spot/config: what the order form shows before confirming. Rates are decimal fractions. */
export type SpotConfig = Static<typeof SpotConfigAnswer>;

/** A symbol's steps and minimums: a limit price is a multiple of priceStep, a number of qtyStep. */
export type SpotSymbolRules = Static<typeof SpotSymbolRulesAnswer>;
