// /invite: the signed-in user's invitation code, link, invitees (masked) and rewards. Under API_BASE.
import type { FastifyPluginAsync } from "fastify";
import { inviteEndpoints } from "../../../protocol/endpoints";
import { expectedOrigin } from "../../domain/auth/siwe-message";
import { getInvite } from "../../domain/invite/get-invite";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const inviteRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, inviteEndpoints.invite, async (request) => {
    const answer = await getInvite(
      app.db,
      signedInUser(request).id,
      linkOrigin(app.config.publicOrigin, request.protocol, request.host),
      app.config.invite,
    );
    return ok(answer);
  });
};

/** The origin links point at: the one sign-in messages name (PUBLIC_ORIGIN, else the request's);
 * with a Host header that is no host, a relative link, which still works in the app itself. */
function linkOrigin(publicOrigin: string | null, protocol: string, host: string | undefined) {
  try {
    return expectedOrigin(publicOrigin, protocol, host);
  } catch {
    return "";
  }
}
