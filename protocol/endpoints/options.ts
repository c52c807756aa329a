// /options: rise/fall products (public), orders (Idempotency-Key) and the user's orders.
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import {
  DecimalString,
  IdempotencyHeaders,
  listPage,
  listQuery,
  oneOf,
  untypedFields,
} from "./common";
import { endpoint } from "./endpoint";

const OPTIONS = `${API_BASE}/options`;

/** A recorded tick an order settled on, exactly as GET /market/ticks serves it. */
export const OptionTickAnswer = Type.Object({
  seq: Type.String(),
  price: DecimalString,
  ts: Type.String({ description: "ISO-8601 UTC with milliseconds, as hashed" }),
  hash: Type.String({ pattern: "^[0-9a-f]{64}$" }),
});

/** Rates are decimal fractions ("0.85" = 85 %); amounts are USDT. */
export const OptionsProductAnswer = Type.Object({
  seconds: Type.Integer({ minimum: 1 }),
  payoutRate: DecimalString,
  minAmount: DecimalString,
  maxAmount: DecimalString,
  feeRate: DecimalString,
});

export const OptionsOrderAnswer = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  direction: oneOf(["up", "down"] as const),
  seconds: Type.Integer(),
  number: Type.String({ description: "the stake, USDT" }),
  fee: Type.String({ description: "USDT, paid on top of the stake at purchase" }),
  payoutRate: Type.String({ description: "the product's payout rate when the order was accepted" }),
  buyPrice: Type.Union([DecimalString, Type.Null()], { description: "entry tick's price" }),
  sellPrice: Type.Union([DecimalString, Type.Null()], { description: "exit tick's price" }),
  profit: Type.Union([DecimalString, Type.Null()], {
    description: "win: stake × payoutRate; lose: −stake; tie and void: 0; null while open",
  }),
  result: Type.Union([oneOf(["win", "lose", "tie", "void"] as const), Type.Null()], {
    description: "null while open; void: no tick in (time, expiresAt], stake and fee returned",
  }),
  entryTick: Type.Union([OptionTickAnswer, Type.Null()]),
  exitTick: Type.Union([OptionTickAnswer, Type.Null()]),
  time: Type.String({ description: "acceptance time (the server's clock at commit)" }),
  expiresAt: Type.String({ description: "time + seconds" }),
  settledAt: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([oneOf(["no-ticks"] as const), Type.Null()], {
    description: "why a void order was voided",
  }),
});

export const OptionsOrderBody = Type.Object({
  symbol: Type.String(),
  direction: oneOf(["up", "down"] as const),
  seconds: Type.Integer(),
  amount: DecimalString,
});

export const optionsEndpoints = {
  products: endpoint({
    method: "GET",
    path: `${OPTIONS}/products`,
    summary: "Rise/fall products: seconds, payout rate, stake range and fee rate",
    access: "public",
    answer: Type.Array(OptionsProductAnswer),
  }),
  placeOrder: endpoint({
    method: "POST",
    path: `${OPTIONS}/orders`,
    summary: "Buy a rise/fall option; one open option per user",
    access: "user",
    headers: IdempotencyHeaders,
    body: OptionsOrderBody,
    // No types on purpose: the domain names exactly what is wrong with each field.
    bodyAsValidated: untypedFields(["symbol", "direction", "seconds", "amount"]),
    answer: OptionsOrderAnswer,
  }),
  orders: endpoint({
    method: "GET",
    path: `${OPTIONS}/orders`,
    summary: "The user's open option, or settled ones (`done`), newest first",
    access: "user",
    query: listQuery({ status: Type.Optional(oneOf(["open", "done"] as const)) }),
    answer: listPage(OptionsOrderAnswer),
  }),
};
