// The links in the newsletter mails: confirm a subscription, unsubscribe (signed). Public; GET
// for a click, POST for one-click unsubscribe (RFC 8058) and confirmation pages with a button.
import type { FastifyPluginAsync } from "fastify";
import { systemEndpoints } from "../../../protocol/endpoints";
import { confirmSubscription, unsubscribe } from "../../domain/newsletter/subscription-links";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";

export const newsletterLinkRoutes: FastifyPluginAsync = async (app) => {
  for (const endpoint of [
    systemEndpoints.confirmSubscription,
    systemEndpoints.confirmSubscriptionPost,
  ]) {
    defineRoute(app, endpoint, async (request) =>
      ok(await confirmSubscription(app.db, request.query.token)),
    );
  }
  for (const endpoint of [systemEndpoints.unsubscribe, systemEndpoints.unsubscribePost]) {
    defineRoute(app, endpoint, async (request) =>
      ok(await unsubscribe(app.db, { email: request.query.email, sig: request.query.sig })),
    );
  }
};
