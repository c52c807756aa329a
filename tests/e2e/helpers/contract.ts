// Contract trading from outside, as any client of the API would check it: the config, the user's
// orders, placing one from Node, and every figure that decides a loss recomputed from an order's
// answer with the pure rules of protocol/contract.ts (never a number written into the test).
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { USDT_SCALE } from "../../../protocol/assets";
import {
  closeOutcome,
  contractFee,
  contractMargin,
  liquidationPrice,
  type ContractConfig,
  type ContractOrder,
  type ContractOrderRequest,
  type ContractRates,
  type ContractState,
  type PositionTerms,
} from "../../../protocol/contract";
import { formatUnits, parseUnits } from "../../../protocol/decimal";
import type { AssetsOverview, Bill } from "../../../protocol/ledger";
import type { ListPage } from "../../../protocol/list";
import type { SpotConfig } from "../../../protocol/spot";
import { rateOf, spotRulesOf, type SpotRules } from "../../../protocol/spot-rules";
import type { StartedServer } from "../harness/server";
import { api, SERVER_POLL_MS, type ApiAnswer } from "./accounts";
import { LOCAL } from "./local-first";
import { numbersIn } from "./options";

/** GET /contract/config. */
export async function contractConfigOf(server: StartedServer): Promise<ContractConfig> {
  const answer = await api<ContractConfig>(server, "GET", "contract/config");
  if (answer.status !== 200) {
    throw new Error(`GET contract/config: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data;
}

/** The rates of the config as exact fractions. */
export function ratesOf(config: ContractConfig): ContractRates {
  return { feeRate: rateOf(config.feeRate), mmr: rateOf(config.maintenanceMarginRate) };
}

/** A listed symbol's rules in units, from GET /spot/config (contract symbols are spot's). */
export async function symbolRulesOf(server: StartedServer, symbol: string): Promise<SpotRules> {
  const answer = await api<SpotConfig>(server, "GET", "spot/config");
  const published = answer.body.Data.symbols.find((s) => s.symbol === symbol);
  if (answer.status !== 200 || !published) throw new Error(`spot/config does not list ${symbol}`);
  return spotRulesOf(published);
}

/** The user's contract orders in one state, newest first (one page of 50). */
export async function contractOrdersOf(
  server: StartedServer,
  token: string,
  state: ContractState,
): Promise<ContractOrder[]> {
  const answer = await api<ListPage<ContractOrder>>(
    server,
    "GET",
    `contract/orders?state=${state}&limit=50`,
    { token },
  );
  if (answer.status !== 200) {
    throw new Error(`GET contract/orders: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data.items;
}

/** The user's one order in `state` (of id `id`, when given), once there is exactly one (polled). */
export async function onlyContractOrder(
  server: StartedServer,
  token: string,
  state: ContractState,
  id?: string,
): Promise<ContractOrder> {
  const find = async () =>
    (await contractOrdersOf(server, token, state)).filter((o) => id === undefined || o.id === id);
  await expect
    .poll(async () => (await find()).length, { ...LOCAL, interval: SERVER_POLL_MS })
    .toBe(1);
  const [order] = await find();
  if (!order) throw new Error(`no contract order in state ${state}`);
  return order;
}

/** POST /contract/orders from Node with a fresh Idempotency-Key; the answer as it came. */
export function placeContractFromNode(
  server: StartedServer,
  token: string,
  body: ContractOrderRequest,
): Promise<ApiAnswer<ContractOrder>> {
  return api<ContractOrder>(server, "POST", "contract/orders", {
    token,
    json: body,
    idempotencyKey: randomUUID(),
  });
}

/** GET /assets/overview (income days in UTC). */
export async function overviewOf(server: StartedServer, token: string): Promise<AssetsOverview> {
  const answer = await api<AssetsOverview>(server, "GET", "assets/overview", { token });
  if (answer.status !== 200) {
    throw new Error(`GET assets/overview: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data;
}

/** The user's bills of one contract order (GET /assets/bills, newest first). */
export async function contractBillsOf(
  server: StartedServer,
  token: string,
  orderId: string,
): Promise<Bill[]> {
  const answer = await api<ListPage<Bill>>(server, "GET", "assets/bills?limit=100", { token });
  if (answer.status !== 200) {
    throw new Error(`GET assets/bills: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data.items.filter(
    (b) => b.ref.kind === "contract-order" && b.ref.id === orderId,
  );
}

/** USDT units from a decimal string. */
export const usdtUnits = (value: string): bigint => parseUnits(value, USDT_SCALE);
/** USDT units as the canonical decimal string ("60.0005", "-10", "0"). */
export const usdtText = (units: bigint): string => formatUnits(units, USDT_SCALE);
/** A price (decimal string) in USDT units per whole coin. */
export const priceUnits = (value: string): bigint => parseUnits(value, USDT_SCALE);

/** What an order's answer says it fixed, in units, as protocol/contract.ts takes it. */
export function termsOf(order: ContractOrder, rules: SpotRules): PositionTerms {
  const level = (value: string | null) => (value === null ? null : priceUnits(value));
  return {
    direction: order.direction,
    leverage: order.leverage,
    entry: priceUnits(order.price),
    quantity: parseUnits(order.quantity, rules.baseScale),
    margin: usdtUnits(order.margin),
    liquidationPrice: priceUnits(order.liquidationPrice),
    takeProfit: level(order.takeProfit),
    stopLoss: level(order.stopLoss),
  };
}

export interface OpenFigures {
  margin: bigint;
  fee: bigint;
  liquidationPrice: bigint;
}

/** Margin, opening fee and liquidation price recomputed from the order's entry, size and leverage. */
export function recomputeOpen(
  order: ContractOrder,
  config: ContractConfig,
  rules: SpotRules,
): OpenFigures {
  const { entry, quantity } = termsOf(order, rules);
  const rates = ratesOf(config);
  return {
    margin: contractMargin(entry, quantity, order.leverage, rules),
    fee: contractFee(entry, quantity, rates.feeRate, rules),
    liquidationPrice: liquidationPrice(order.direction, entry, order.leverage, rates.mmr, rules),
  };
}

/** The pnl and closing fee of a completed order recomputed from its close price and reason. */
export function recomputeClose(
  order: ContractOrder,
  config: ContractConfig,
  rules: SpotRules,
): { pnl: bigint; closeFee: bigint } {
  if (
    order.closePrice === null ||
    order.closeReason === null ||
    order.closeReason === "cancelled"
  ) {
    throw new Error(`order ${order.id} did not close a position (${String(order.closeReason)})`);
  }
  return closeOutcome(
    termsOf(order, rules),
    priceUnits(order.closePrice),
    order.closeReason,
    ratesOf(config),
    rules,
  );
}

/** A price or amount as the canonical decimal numbersIn answers ("54300.40" -> "54300.4"). */
export function canonical(value: string): string {
  return numbersIn(value)[0] ?? "";
}
