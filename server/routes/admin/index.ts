// /admin: operator-only API. The guard is a hook on this whole context, so a route added here
// later cannot forget it; a user token gets 403 FORBIDDEN, no token 401. It runs on onRequest,
// before body parsing and validation, so a non-operator learns nothing about the routes' inputs.
import type { FastifyPluginAsync } from "fastify";
import { adminEndpoints } from "../../../protocol/endpoints";
import { readAuditLog } from "../../domain/operators/audit-log";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { articleRoutes } from "./article-routes";
import { chainRoutes } from "./chain-routes";
import { identityReviewRoutes } from "./identity-review-routes";
import { ledgerRoutes } from "./ledger-routes";
import { linkRoutes } from "./link-routes";
import { messageBroadcastRoutes } from "./message-broadcast-routes";
import { messageRoutes } from "./message-routes";
import { newsletterRoutes } from "./newsletter-routes";
import { promotionsRoutes } from "./promotions-routes";
import { rechargeReviewRoutes } from "./recharge-review-routes";
import { sessionRoutes } from "./session-routes";
import { settingRoutes } from "./setting-routes";
import { subscriptionRoutes } from "./subscription-routes";
import { userDirectoryRoutes } from "./user-directory-routes";
import { userRoutes } from "./user-routes";
import { withdrawalReviewRoutes } from "./withdrawal-review-routes";

export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook("onRequest", app.requireOperator);

  await app.register(sessionRoutes);
  await app.register(identityReviewRoutes);
  await app.register(userRoutes);
  await app.register(messageRoutes);
  await app.register(articleRoutes);
  await app.register(linkRoutes);
  await app.register(subscriptionRoutes);
  await app.register(newsletterRoutes);
  await app.register(ledgerRoutes);
  await app.register(rechargeReviewRoutes);
  await app.register(withdrawalReviewRoutes);
  await app.register(chainRoutes);
  await app.register(userDirectoryRoutes);
  await app.register(messageBroadcastRoutes);
  await app.register(settingRoutes);
  await app.register(promotionsRoutes);

  defineRoute(app, adminEndpoints.audit, async (request) =>
    ok(
      await readAuditLog(app.db, {
        ...pageOf(request.query),
        action: request.query.action ?? null,
        actor: request.query.actor ?? null,
      }),
    ),
  );
};
