// Money in and out of the platform (API.md /wallet/*). Every call moves money, so each carries
// the Idempotency-Key of its outbox entry: a retry after a lost answer gets the stored answer.
import type { Bill, DemoCreditRequest } from "../../protocol";
import { request } from "./client";

/** POST /wallet/demo-credit (demo mode only): answers bill 106. */
export function requestDemoCredit(
  body: DemoCreditRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<Bill> {
  return request<Bill>("POST", "wallet/demo-credit", {
    ...opts,
    json: body,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
