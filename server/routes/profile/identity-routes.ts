// /profile/identity: the user's own identity verification (API.md seed paths).
import type { FastifyPluginAsync } from "fastify";
import { profileEndpoints } from "../../../protocol/endpoints";
import { currentIdentity } from "../../domain/identity/identity-view";
import { submitIdentity } from "../../domain/identity/submit-identity";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const identityRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, profileEndpoints.identity, async (request) =>
    ok(await currentIdentity(app.db, signedInUser(request).id)),
  );

  defineRoute(app, profileEndpoints.submitIdentity, async (request) => {
    const key = request.headers["idempotency-key"] ?? null;
    return ok(await submitIdentity(app.db, signedInUser(request).id, request.body, key));
  });
};
