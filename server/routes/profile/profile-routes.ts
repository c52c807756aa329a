// GET /profile/profile: the signed-in user's own account (locked accounts get 403 from the guard).
import type { FastifyPluginAsync } from "fastify";
import { getProfile } from "../../domain/profile/get-profile";
import { signedInUser } from "../signed-in-user";
import { ok } from "../../plugins/envelope";

export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get("/profile", { preHandler: app.requireUser }, async (request) =>
    ok(await getProfile(app.db, signedInUser(request).id)),
  );
};
