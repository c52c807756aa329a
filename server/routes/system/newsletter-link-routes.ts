// The links in the newsletter mails: confirm a subscription, unsubscribe (signed). Public. Only a
// POST acts (the app page's button, or a mail client's RFC 8058 one-click unsubscribe); a GET is
// what mail scanners send to every link, so it only redirects to the app's page for a person.
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { CONFIRM_PAGE_PATH, UNSUBSCRIBE_PAGE_PATH } from "../../../protocol/email";
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
  defineRoute(app, systemEndpoints.confirmSubscription, async (request, reply) =>
    toPage(reply, CONFIRM_PAGE_PATH, { token: request.query.token }),
  );
  defineRoute(app, systemEndpoints.confirmSubscriptionPost, async (request) =>
    ok(await confirmSubscription(app.db, request.query.token)),
  );
  defineRoute(app, systemEndpoints.unsubscribe, async (request, reply) =>
    toPage(reply, UNSUBSCRIBE_PAGE_PATH, { email: request.query.email, sig: request.query.sig }),
  );
  defineRoute(app, systemEndpoints.unsubscribePost, async (request) =>
    ok(await unsubscribe(app.db, { email: request.query.email, sig: request.query.sig })),
  );
};

/** 303 to the app's page on this origin (a relative Location: never another site). */
function toPage(reply: FastifyReply, path: string, query: Record<string, string>) {
  return reply
    .code(303)
    .header("cache-control", "no-store")
    .header("location", `${path}?${new URLSearchParams(query).toString()}`)
    .send();
}
