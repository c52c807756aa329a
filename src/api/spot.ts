// Spot trading (API.md /spot/*, protocol/spot.ts). Orders are online-only commands: the caller
// (src/sync/spot-commands.ts) makes one Idempotency-Key per order attempt, so a retry after a lost
// answer gets the stored answer instead of a second order.
import type { ListPage } from "../../protocol";
import type { SpotConfig, SpotOrder, SpotOrderRequest } from "../../protocol/spot";
import { call } from "./call";

/** POST /spot/orders: a market order answers filled or rejected, a limit order open. */
export function placeOrder(
  body: SpotOrderRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<SpotOrder> {
  return call("POST /spot/orders", {
    ...opts,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** DELETE /spot/orders/{id}: answers the cancelled order (frozen funds returned). */
export function cancelOrder(id: string, opts: { quiet?: boolean } = {}): Promise<SpotOrder> {
  return call("DELETE /spot/orders/:id", { ...opts, params: { id } });
}

/** GET /spot/orders: open orders, or finished ones ("done"), newest first. */
export function listOrders(
  params: { status?: "open" | "done"; cursor?: string; limit?: number } = {},
  opts: { quiet?: boolean } = {},
): Promise<ListPage<SpotOrder>> {
  return call("GET /spot/orders", { ...opts, query: params });
}

/** GET /spot/config: fee rates, slippage cap, price age limit and the listed symbols' rules. */
export function getConfig(opts: { quiet?: boolean } = {}): Promise<SpotConfig> {
  return call("GET /spot/config", opts);
}
