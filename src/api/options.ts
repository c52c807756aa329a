// Rise/fall options (API.md /options/*, protocol/options.ts). Placing is an online-only command:
// the caller (src/sync/options-commands.ts) makes one Idempotency-Key per attempt, so a retry
// after a lost answer gets the stored answer instead of a second option.
import type { ListPage } from "../../protocol";
import type { OptionsOrder, OptionsOrderRequest, OptionsProduct } from "../../protocol/options";
import { call } from "./call";

/** GET /options/products (public): seconds, payout rate, stake range and fee rate. */
export function getProducts(opts: { quiet?: boolean } = {}): Promise<OptionsProduct[]> {
  return call("GET /options/products", opts);
}

/** POST /options/orders: the accepted order, open (result null) until it settles. */
export function placeOrder(
  body: OptionsOrderRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<OptionsOrder> {
  return call("POST /options/orders", {
    ...opts,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** GET /options/orders: the open option, or settled ones ("done"), newest first. */
export function listOrders(
  params: { status?: "open" | "done"; cursor?: string; limit?: number } = {},
  opts: { quiet?: boolean } = {},
): Promise<ListPage<OptionsOrder>> {
  return call("GET /options/orders", { ...opts, query: params });
}
