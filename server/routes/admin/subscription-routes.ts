// /admin/subscriptions: the e-mail subscriptions, by address (`?email=` for one, list params;
// the cursor is the last address of the previous page, not a numeric id).
import type { FastifyPluginAsync } from "fastify";
import { adminEndpoints } from "../../../protocol/endpoints";
import { listEmailSubscriptions } from "../../domain/operators/subscription-list";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";

export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminEndpoints.subscriptions, async (request) =>
    ok(
      await listEmailSubscriptions(app.db, {
        email: request.query.email ?? null,
        ...pageOf(request.query),
      }),
    ),
  );
};
