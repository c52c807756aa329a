// GET /api/docs and /api/docs.html: the endpoint contract published (OpenAPI 3.1 and a page),
// built once at start from protocol/endpoints, the list the routes register from.
import type { FastifyPluginAsync } from "fastify";
import { docsEndpoints, ENDPOINTS } from "../../../protocol/endpoints";
import { defineRoute } from "../define-route";
import { docsPage } from "./docs-page";
import { openApiDocument } from "./openapi";

export const docsRoutes: FastifyPluginAsync<{ version: string }> = async (app, { version }) => {
  const document = JSON.stringify(openApiDocument(ENDPOINTS, version));
  const page = docsPage(ENDPOINTS, version);

  defineRoute(app, docsEndpoints.openApi, async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(document),
  );
  defineRoute(app, docsEndpoints.docsPage, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(page),
  );
};
