// /system: the public content, e-mail subscription and service status (API.md). No token
// needed. Every GET here answers with a strong ETag and `Cache-Control: no-cache` (etag.ts).
import type { FastifyPluginAsync } from "fastify";
import { readStatus } from "../../domain/status/read-status";
import { systemEndpoints } from "../../../protocol/endpoints";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { contentRoutes } from "./content-routes";
import { addStrongEtags } from "./etag";
import { newsletterLinkRoutes } from "./newsletter-link-routes";
import { subscribeRoute } from "./subscribe-route";

export const systemRoutes: FastifyPluginAsync = async (app) => {
  addStrongEtags(app);
  await app.register(contentRoutes);
  await app.register(subscribeRoute);
  await app.register(newsletterLinkRoutes);
  defineRoute(app, systemEndpoints.status, async () => ok(await readStatus(app.db)));
};
