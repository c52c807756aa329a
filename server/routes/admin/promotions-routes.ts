// /admin/promotions: the invitation rewards' budget and its funding, through the CLI's domain
// function (invite/promotions-fund.ts) with the money POSTs' Idempotency-Key.
import type { FastifyPluginAsync } from "fastify";
import { adminPromotionsEndpoints } from "../../../protocol/endpoints";
import { fundPromotionsOnce, readPromotionsBudget } from "../../domain/invite/promotions-admin";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const promotionsRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminPromotionsEndpoints.promotions, async () =>
    ok(await readPromotionsBudget(app.db)),
  );

  defineRoute(app, adminPromotionsEndpoints.fundPromotions, async (request) => {
    const actor = operatorActor(signedInUser(request));
    const key = request.headers["idempotency-key"];
    return ok(await fundPromotionsOnce(app.db, actor, request.body.amount, key));
  });
};
