// /admin/links: operators list the contact and footer links and edit one (url, a language's
// title, whether the in-app viewer may frame it). Checked and audited by the domain
// (content/link-admin.ts), the same code `npm run admin -- link` runs.
import type { FastifyPluginAsync } from "fastify";
import { editLink, listLinksForOperators } from "../../domain/content/link-admin";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

const idParams = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,62}$" } },
} as const;

export const linkRoutes: FastifyPluginAsync = async (app) => {
  app.get("/links", async () => ok(await listLinksForOperators(app.db)));

  app.put<{ Params: { id: string } }>(
    "/links/:id",
    { schema: { params: idParams } },
    async (request) =>
      ok(
        await editLink(
          app.db,
          operatorActor(signedInUser(request)),
          request.params.id,
          request.body,
        ),
      ),
  );
};
