// /profile: the signed-in user's own account, profile, identity verification and messages.
import type { FastifyPluginAsync } from "fastify";
import { identityRoutes } from "./identity-routes";
import { messageRoutes } from "./message-routes";
import { profileRoutes } from "./profile-routes";

export const profileArea: FastifyPluginAsync = async (app) => {
  await app.register(profileRoutes);
  await app.register(identityRoutes);
  await app.register(messageRoutes);
};
