// /wallet/recharge: POST a recharge (amount, voucher upload, optional tx hash; Idempotency-Key
// required) and GET the signed-in user's recharges.
import type { FastifyPluginAsync } from "fastify";
import { walletEndpoints } from "../../../protocol/endpoints";
import { listMyRecharges } from "../../domain/wallet/recharge-list";
import { submitRecharge } from "../../domain/wallet/recharge-submit";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const rechargeRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, walletEndpoints.submitRecharge, async (request) => {
    const { id: userId, address } = signedInUser(request);
    const idempotencyKey = request.headers["idempotency-key"];
    const chain = app.chain.endpoint;
    const body = request.body;
    return ok(await submitRecharge(app.db, { userId, address, chain, body, idempotencyKey }));
  });

  defineRoute(app, walletEndpoints.recharges, async (request) =>
    ok(await listMyRecharges(app.db, signedInUser(request).id, pageOf(request.query))),
  );
};
