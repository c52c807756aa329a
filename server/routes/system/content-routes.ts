// GET /system/system, /system/link, /system/article, /system/article/{id} (API.md seed paths).
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { systemEndpoints } from "../../../protocol/endpoints";
import {
  readArticle,
  readArticles,
  readLinks,
  readSettings,
  type SiteFacts,
} from "../../domain/content/read-content";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";

export const contentRoutes: FastifyPluginAsync = async (app) => {
  const facts = (request: FastifyRequest): SiteFacts => ({
    domain: app.config.publicOrigin ? new URL(app.config.publicOrigin).host : request.host,
    country: app.config.operatorCountry,
    mode: app.config.mode,
  });

  defineRoute(app, systemEndpoints.settings, async (request) =>
    ok(await readSettings(app.db, request.query.lang, facts(request))),
  );

  defineRoute(app, systemEndpoints.links, async (request) =>
    ok(await readLinks(app.db, request.query.lang)),
  );

  defineRoute(app, systemEndpoints.articles, async (request) => {
    const { lang, category } = request.query;
    return ok(
      await readArticles(app.db, { lang, category: category ?? null, ...pageOf(request.query) }),
    );
  });

  defineRoute(app, systemEndpoints.article, async (request) =>
    ok(await readArticle(app.db, request.params.id ?? "", request.query.lang)),
  );
};
