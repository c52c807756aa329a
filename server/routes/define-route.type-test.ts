// Compile-time checks of defineRoute (checked by `tsc -b`, never run): a handler's request and
// answer are the contract's types.
import type { FastifyInstance } from "fastify";
import { spotEndpoints, walletEndpoints } from "../../protocol/endpoints";
import { ok } from "../plugins/envelope";
import { defineRoute } from "./define-route";

export function typeChecks(app: FastifyInstance): void {
  defineRoute(app, walletEndpoints.withdrawals, async (request) => {
    const limit: number = request.query.limit; // filled by the validator: never undefined
    // @ts-expect-error the contract's list query has no `page`
    void request.query.page;
    return ok({ items: [], nextCursor: limit > 0 ? null : "1" });
  });

  // @ts-expect-error the answer is not the contract's WithdrawConfig
  defineRoute(app, walletEndpoints.withdrawConfig, async () => ok({ fee: 1 }));

  defineRoute(app, spotEndpoints.placeOrder, async (request) => {
    // Loosely validated on purpose: the domain receives unknown fields.
    const price: unknown = request.body.price;
    // @ts-expect-error an unknown field is not a string
    const number: string = request.body.number;
    void price;
    void number;
    return ok(await Promise.reject<never>(new Error("type test")));
  });
}
