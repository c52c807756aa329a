// /quant plan routes: the user's quota, subscribing (Idempotency-Key), their subscriptions, a
// user's stop and a plan's trades. Rules live in domain/quant/plans (README.md there); a stop is
// priced by the feed the app serves from; strategies are the registry's (domain/quant/strategies).
import type { FastifyPluginAsync } from "fastify";
import { quantEndpoints } from "../../../protocol/endpoints";
import {
  listSubscriptions,
  listSubscriptionTrades,
} from "../../domain/quant/plans/list-subscriptions";
import { getQuota } from "../../domain/quant/plans/quota";
import { stopSubscription } from "../../domain/quant/plans/stop-subscription";
import { subscribe } from "../../domain/quant/plans/subscribe";
import { STRATEGIES } from "../../domain/quant/strategies/index";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const quantPlanRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, quantEndpoints.quota, async (request) =>
    ok(await getQuota(app.db, signedInUser(request).id)),
  );

  defineRoute(app, quantEndpoints.subscribe, async (request) => {
    const userId = signedInUser(request).id;
    const idempotencyKey = request.headers["idempotency-key"];
    const demo = app.config.mode === "demo";
    return ok(await subscribe(app.db, { userId, body: request.body, idempotencyKey, demo }));
  });

  defineRoute(app, quantEndpoints.subscriptions, async (request) => {
    const userId = signedInUser(request).id;
    const status = request.query.status ?? null;
    return ok(await listSubscriptions(app.db, userId, { status, ...pageOf(request.query) }));
  });

  defineRoute(app, quantEndpoints.stop, async (request) => {
    const userId = signedInUser(request).id;
    const { id } = request.params;
    const feed = app.market.feed;
    return ok(
      await stopSubscription(app.db, { userId, id, feed, strategies: (s) => STRATEGIES[s] }),
    );
  });

  defineRoute(app, quantEndpoints.trades, async (request) => {
    const userId = signedInUser(request).id;
    const { id } = request.params;
    return ok(await listSubscriptionTrades(app.db, userId, id, pageOf(request.query)));
  });
};
