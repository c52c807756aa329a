// /admin/articles: operators list, add, edit and delete articles. The body is checked by the
// domain (article-input.ts), the same code the CLI runs, so both give the same 400 messages.
import type { FastifyPluginAsync } from "fastify";
import {
  createArticle,
  editArticle,
  listArticlesForOperators,
  removeArticle,
} from "../../domain/content/article-admin";
import { operatorActor } from "../../domain/operators/operator-actor";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../domain/operators/list-page";
import { ok, withStatus } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

const idParams = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,62}$" } },
} as const;
const articleBody = { body: { type: "object" } } as const;
// Eleven languages of agreement-length HTML exceed the app-wide 1 MiB default.
const ARTICLE_BODY_LIMIT = 8 * 1024 * 1024;

export const articleRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    "/articles",
    {
      schema: {
        querystring: {
          type: "object",
          properties: {
            cursor: { type: "string", maxLength: 300 },
            limit: {
              type: "integer",
              minimum: 1,
              maximum: MAX_PAGE_SIZE,
              default: DEFAULT_PAGE_SIZE,
            },
          },
        },
      },
    },
    async (request) =>
      ok(
        await listArticlesForOperators(app.db, {
          cursor: request.query.cursor ?? null,
          limit: request.query.limit,
        }),
      ),
  );

  app.post(
    "/articles",
    { schema: articleBody, bodyLimit: ARTICLE_BODY_LIMIT },
    async (request, reply) => {
      const article = await createArticle(
        app.db,
        operatorActor(signedInUser(request)),
        request.body,
      );
      return withStatus(reply, 201, article, "Created");
    },
  );

  app.put<{ Params: { id: string } }>(
    "/articles/:id",
    { schema: { ...articleBody, params: idParams }, bodyLimit: ARTICLE_BODY_LIMIT },
    async (request) =>
      ok(
        await editArticle(
          app.db,
          operatorActor(signedInUser(request)),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete<{ Params: { id: string } }>(
    "/articles/:id",
    { schema: { params: idParams } },
    async (request) =>
      ok(await removeArticle(app.db, operatorActor(signedInUser(request)), request.params.id)),
  );
};
