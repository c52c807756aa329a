// GET /profile/profile: the signed-in user's own account (locked accounts get 403 from the guard).
import type { FastifyPluginAsync } from "fastify";
import { profileEndpoints } from "../../../protocol/endpoints";
import { getProfile } from "../../domain/profile/get-profile";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const profileRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, profileEndpoints.profile, async (request) =>
    ok(await getProfile(app.db, signedInUser(request).id)),
  );
};
