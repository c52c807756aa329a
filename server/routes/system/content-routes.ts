// GET /system/system, /system/link, /system/article, /system/article/{id} (API.md seed paths).
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  ARTICLE_CATEGORIES,
  LANGS,
  type ArticleCategory,
  type Lang,
} from "../../../protocol/content";
import {
  readArticle,
  readArticles,
  readLinks,
  readSettings,
  type SiteFacts,
} from "../../domain/content/read-content";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../domain/operators/list-page";
import { ok } from "../../plugins/envelope";

const LANG = { type: "string", enum: [...LANGS], default: "en" } as const;
const langQuery = { type: "object", properties: { lang: LANG } } as const;

const listQuery = {
  type: "object",
  properties: {
    lang: LANG,
    category: { type: "string", enum: [...ARTICLE_CATEGORIES] },
    cursor: { type: "string", maxLength: 300 },
    limit: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
} as const;

interface LangQuery {
  lang: Lang;
}
interface ListQuery extends LangQuery {
  category?: ArticleCategory;
  cursor?: string;
  limit: number;
}

export const contentRoutes: FastifyPluginAsync = async (app) => {
  const facts = (request: FastifyRequest): SiteFacts => ({
    domain: app.config.publicOrigin ? new URL(app.config.publicOrigin).host : request.host,
    country: app.config.operatorCountry,
    mode: app.config.mode,
  });

  app.get<{ Querystring: LangQuery }>(
    "/system",
    { schema: { querystring: langQuery } },
    async (request) => ok(await readSettings(app.db, request.query.lang, facts(request))),
  );

  app.get<{ Querystring: LangQuery }>(
    "/link",
    { schema: { querystring: langQuery } },
    async (request) => ok(await readLinks(app.db, request.query.lang)),
  );

  app.get<{ Querystring: ListQuery }>(
    "/article",
    { schema: { querystring: listQuery } },
    async (request) => {
      const { lang, category, cursor, limit } = request.query;
      return ok(
        await readArticles(app.db, {
          lang,
          category: category ?? null,
          cursor: cursor ?? null,
          limit,
        }),
      );
    },
  );

  app.get<{ Params: { id: string }; Querystring: LangQuery }>(
    "/article/:id",
    {
      schema: {
        params: { type: "object", properties: { id: { type: "string", maxLength: 100 } } },
        querystring: langQuery,
      },
    },
    async (request) => ok(await readArticle(app.db, request.params.id, request.query.lang)),
  );
};
