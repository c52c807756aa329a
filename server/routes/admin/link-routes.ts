// /admin/links: operators list the contact and footer links and edit one (url, a language's
// title, whether the in-app viewer may frame it). Checked and audited by the domain
// (content/link-admin.ts), the same code `npm run admin -- link` runs.
import type { FastifyPluginAsync } from "fastify";
import { adminEndpoints } from "../../../protocol/endpoints";
import { editLink, listLinksForOperators } from "../../domain/content/link-admin";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const linkRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminEndpoints.links, async () => ok(await listLinksForOperators(app.db)));

  defineRoute(app, adminEndpoints.editLink, async (request) => {
    const actor = operatorActor(signedInUser(request));
    return ok(await editLink(app.db, actor, request.params.id, request.body));
  });
};
