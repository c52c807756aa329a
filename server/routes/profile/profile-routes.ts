// GET /profile/profile: the signed-in user's own account (locked accounts get 403 from the guard),
// and GET /profile/score: the stored weighted score with its terms, inputs and next level.
import type { FastifyPluginAsync } from "fastify";
import { profileEndpoints } from "../../../protocol/endpoints";
import { getProfile } from "../../domain/profile/get-profile";
import { getScore } from "../../domain/profile/score/read-score";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const profileRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, profileEndpoints.profile, async (request) =>
    ok(await getProfile(app.db, signedInUser(request).id)),
  );

  defineRoute(app, profileEndpoints.score, async (request) =>
    ok(await getScore(app.db, signedInUser(request).id)),
  );
};
