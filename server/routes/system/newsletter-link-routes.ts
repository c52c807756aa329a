// The links in the newsletter mails: confirm a subscription, unsubscribe (signed). Public; GET
// for a click, POST for one-click unsubscribe (RFC 8058) and confirmation pages with a button.
import type { FastifyPluginAsync } from "fastify";
import { systemEndpoints } from "../../../protocol/endpoints";
import { confirmSubscription, unsubscribe } from "../../domain/newsletter/subscription-links";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";

export const newsletterLinkRoutes: FastifyPluginAsync = async (app) => {
  // RFC 8058: a mail client's one-click unsubscribe POSTs "List-Unsubscribe=One-Click" as a form.
  // Everything these routes need is in the query, so the form is read (small) and ignored; the
  // parser is scoped to this plugin, no other route accepts forms.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, _body, done) => done(null, null),
  );
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
