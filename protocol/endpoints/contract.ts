// /contract: isolated-margin USDT-linear positions against the house (API.md contract/*, bills
// 301–303, margin 103/104; rules in protocol/contract.ts).
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import {
  DecimalString,
  IdempotencyHeaders,
  IdParams,
  listPage,
  listQuery,
  Nullable,
  oneOf,
  untypedFields,
} from "./common";
import { endpoint } from "./endpoint";
import { OptionTickAnswer } from "./options";

const CONTRACT = `${API_BASE}/contract`;

export const ContractConfigAnswer = Type.Object({
  leverages: Type.Array(Type.Integer({ minimum: 1 })),
  feeRate: Type.String({ description: "of the notional, charged at open and again at close" }),
  maintenanceMarginRate: Type.String(),
  symbols: Type.Array(Type.String()),
  minValue: Type.String({ description: "USDT: the smallest entry × quantity" }),
});

/** Why a position ended (state 2); null while waiting or open. */
export const CONTRACT_CLOSE_REASONS = [
  "user",
  "take-profit",
  "stop-loss",
  "liquidation",
  "cancelled",
] as const;

export const ContractOrderAnswer = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  direction: oneOf(["long", "short"] as const),
  leverage: Type.Integer({ minimum: 1 }),
  type: oneOf([0, 1] as const, { description: "0 market, 1 limit" }),
  quantity: Type.String({ description: "base coin, at the symbol's quantity scale" }),
  value: Type.String({ description: "USDT: price × quantity" }),
  price: Type.String({ description: "entry price (a waiting order: its limit price)" }),
  margin: Type.String({ description: "USDT frozen while waiting or open (103/104)" }),
  liquidationPrice: Type.String(),
  takeProfit: Nullable(Type.String()),
  stopLoss: Nullable(Type.String()),
  pnl: Nullable(Type.String({ description: "realised, USDT, signed; null until completed" })),
  fee: Type.String({
    description:
      "USDT paid so far: the opening fee once open, plus the closing fee (0 while waiting or when cancelled)",
  }),
  openFee: Type.String({ description: "the opening fee; a waiting order holds it frozen" }),
  closeFee: Nullable(Type.String()),
  state: oneOf([0, 1, 2] as const, { description: "0 waiting, 1 position, 2 completed" }),
  time: Type.String({ description: "when it was placed" }),
  openedAt: Nullable(Type.String()),
  openTickSeq: Nullable(
    Type.String({ description: "the newest recorded tick when it opened; triggers come after it" }),
  ),
  targetsTickSeq: Nullable(
    Type.String({
      description:
        "the newest recorded tick when take-profit/stop-loss were last set on the position; they apply to the ticks after it (null: set at placing, they apply after the opening tick)",
    }),
  ),
  closePrice: Nullable(Type.String()),
  closedAt: Nullable(Type.String()),
  closeReason: Nullable(oneOf(CONTRACT_CLOSE_REASONS)),
  closeTick: Type.Union([OptionTickAnswer, Type.Null()], {
    description: "the recorded tick that triggered a liquidation, take-profit or stop-loss",
  }),
});

export const ContractOrderBody = Type.Object({
  symbol: Type.String(),
  direction: oneOf(["long", "short"] as const),
  leverage: Type.Integer(),
  quantity: DecimalString,
  type: oneOf([0, 1] as const),
  price: Type.Optional(DecimalString),
  takeProfit: Type.Optional(DecimalString),
  stopLoss: Type.Optional(DecimalString),
});

/** PUT body (both fields): a price sets the level, null removes it. */
export const ContractTargetsBody = Type.Object({
  takeProfit: Nullable(DecimalString),
  stopLoss: Nullable(DecimalString),
});

export const contractEndpoints = {
  config: endpoint({
    method: "GET",
    path: `${CONTRACT}/config`,
    summary: "Leverages, fee and maintenance margin rates, symbols and the minimum value",
    access: "public",
    answer: ContractConfigAnswer,
  }),
  placeOrder: endpoint({
    method: "POST",
    path: `${CONTRACT}/orders`,
    summary: "Open a position at market, or place a waiting limit order",
    access: "user",
    headers: IdempotencyHeaders,
    body: ContractOrderBody,
    // No types on purpose: the domain names exactly what is wrong with each field.
    bodyAsValidated: untypedFields([
      "symbol",
      "direction",
      "leverage",
      "quantity",
      "type",
      "price",
      "takeProfit",
      "stopLoss",
    ]),
    answer: ContractOrderAnswer,
  }),
  closeOrder: endpoint({
    method: "POST",
    path: `${CONTRACT}/orders/:id/close`,
    summary: "Close an open position at market",
    access: "user",
    params: IdParams,
    answer: ContractOrderAnswer,
  }),
  setTargets: endpoint({
    method: "PUT",
    path: `${CONTRACT}/orders/:id/targets`,
    summary: "Set or remove a waiting order's or a position's take-profit and stop-loss",
    access: "user",
    params: IdParams,
    body: ContractTargetsBody,
    bodyAsValidated: untypedFields(["takeProfit", "stopLoss"]),
    answer: ContractOrderAnswer,
  }),
  cancelOrder: endpoint({
    method: "DELETE",
    path: `${CONTRACT}/orders/:id`,
    summary: "Cancel a waiting order; its margin and fee come back",
    access: "user",
    params: IdParams,
    answer: ContractOrderAnswer,
  }),
  orders: endpoint({
    method: "GET",
    path: `${CONTRACT}/orders`,
    summary: "The user's contract orders by state, newest first",
    access: "user",
    query: listQuery({
      state: Type.Optional(oneOf(["0", "1", "2"] as const, { description: "0, 1 or 2" })),
    }),
    answer: listPage(ContractOrderAnswer),
  }),
};
