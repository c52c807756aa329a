// /profile: the signed-in user's own account, profile and identity verification.
import type { FastifyPluginAsync } from "fastify";
import { identityRoutes } from "./identity-routes";
import { profileRoutes } from "./profile-routes";

export const profileArea: FastifyPluginAsync = async (app) => {
  await app.register(profileRoutes);
  await app.register(identityRoutes);
};
