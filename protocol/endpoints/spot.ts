// /spot: trading terms (public), orders (Idempotency-Key), cancel and the user's orders.
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import type { SpotOrder, SpotSide, SpotType } from "../spot";
import {
  DecimalString,
  described,
  IdempotencyHeaders,
  IdParams,
  listPage,
  listQuery,
  oneOf,
  untypedFields,
} from "./common";
import { endpoint } from "./endpoint";

const SPOT = `${API_BASE}/spot`;

const Order = described<SpotOrder>(
  "{ id, symbol, side, type, price, number, filled, avgPrice, fee, status, createdAt, filledAt }",
);

export const SpotSymbolRulesAnswer = Type.Object({
  symbol: Type.String(),
  base: Type.String(),
  quote: Type.String(),
  priceStep: Type.String({ description: 'smallest price increment ("0.01")' }),
  qtyStep: Type.String({ description: "smallest quantity increment" }),
  minQty: Type.String(),
  minNotional: Type.String({ description: "smallest price × number, in USDT" }),
});

/** Rates are decimal fractions ("0.001" = 0.1 %). */
export const SpotConfigAnswer = Type.Object({
  takerFeeRate: Type.String({ description: "fee on a market order's notional" }),
  makerFeeRate: Type.String({ description: "fee on a limit order's notional" }),
  maxSlippage: Type.String({
    description: "a market order averaging worse than the best price by more is rejected",
  }),
  maxPriceAgeSeconds: Type.Integer({
    description: "orders are refused when the symbol's last tick is older",
  }),
  symbols: Type.Array(SpotSymbolRulesAnswer),
});

export const SpotOrderBody = Type.Object({
  symbol: Type.String(),
  side: Type.Unsafe<SpotSide>({ type: "integer", enum: [0, 1], description: "0 buy, 1 sell" }),
  type: Type.Unsafe<SpotType>({ type: "integer", enum: [0, 1], description: "0 market, 1 limit" }),
  /** Limit orders only. */
  price: Type.Optional(DecimalString),
  number: DecimalString,
});

export const spotEndpoints = {
  config: endpoint({
    method: "GET",
    path: `${SPOT}/config`,
    summary: "Spot fees, slippage cap, steps and minimums",
    access: "public",
    answer: SpotConfigAnswer,
  }),
  placeOrder: endpoint({
    method: "POST",
    path: `${SPOT}/orders`,
    summary: "Place a spot order: a market order answers filled or rejected, a limit order open",
    access: "user",
    headers: IdempotencyHeaders,
    body: SpotOrderBody,
    // No types on purpose: the domain names exactly what is wrong with each field.
    bodyAsValidated: untypedFields(["symbol", "side", "type", "price", "number"]),
    answer: Order,
  }),
  cancelOrder: endpoint({
    method: "DELETE",
    path: `${SPOT}/orders/:id`,
    summary: "Cancel a resting limit order: answers the cancelled order",
    access: "user",
    params: IdParams,
    answer: Order,
  }),
  orders: endpoint({
    method: "GET",
    path: `${SPOT}/orders`,
    summary: "The user's open orders, or finished ones (`done`), newest first",
    access: "user",
    query: listQuery({ status: Type.Optional(oneOf(["open", "done"] as const)) }),
    answer: listPage(Order),
  }),
};
