// /admin/newsletter (send, permission manage), /admin/mailbox (the demo sink's mails) and
// /admin/subscriptions.csv (the export): thin handlers over domain/newsletter.
import type { FastifyPluginAsync } from "fastify";
import { adminEndpoints } from "../../../protocol/endpoints";
import { readMailbox } from "../../domain/newsletter/mailbox";
import { sendNewsletter } from "../../domain/newsletter/send-newsletter";
import { subscriptionsCsv } from "../../domain/newsletter/subscriptions-csv";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const newsletterRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminEndpoints.sendNewsletter, async (request) => {
    const actor = operatorActor(signedInUser(request));
    return ok(await sendNewsletter(app.db, actor, request.body, app.mail.canSend));
  });

  defineRoute(app, adminEndpoints.mailbox, async (request) => {
    const q = { to: request.query.to ?? null, ...pageOf(request.query) };
    return ok(await readMailbox(app.db, app.config.mode, q));
  });

  defineRoute(app, adminEndpoints.subscriptionsCsv, async (_request, reply) => {
    const csv = await subscriptionsCsv(app.db);
    return reply
      .header("cache-control", "no-store")
      .header("content-disposition", 'attachment; filename="subscriptions.csv"')
      .type("text/csv; charset=utf-8")
      .send(csv);
  });
};
