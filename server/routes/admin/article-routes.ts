// /admin/articles: operators list, add, edit and delete articles. The body is checked by the
// domain (article-input.ts), the same code the CLI runs, so both give the same 400 messages.
import type { FastifyPluginAsync } from "fastify";
import { adminArticleEndpoints, adminEndpoints } from "../../../protocol/endpoints";
import {
  createArticle,
  editArticle,
  listArticlesForOperators,
  readArticleForOperators,
  removeArticle,
} from "../../domain/content/article-admin";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok, withStatus } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

// Eleven languages of agreement-length HTML exceed the app-wide 1 MiB default.
const ARTICLE_BODY_LIMIT = { bodyLimit: 8 * 1024 * 1024 };

export const articleRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminEndpoints.articles, async (request) =>
    ok(await listArticlesForOperators(app.db, pageOf(request.query))),
  );

  defineRoute(app, adminArticleEndpoints.article, async (request) =>
    ok(await readArticleForOperators(app.db, request.params.id)),
  );

  defineRoute(
    app,
    adminEndpoints.createArticle,
    async (request, reply) => {
      const actor = operatorActor(signedInUser(request));
      const article = await createArticle(app.db, actor, request.body);
      return withStatus(reply, 201, article, "Created");
    },
    ARTICLE_BODY_LIMIT,
  );

  defineRoute(
    app,
    adminEndpoints.editArticle,
    async (request) => {
      const actor = operatorActor(signedInUser(request));
      return ok(await editArticle(app.db, actor, request.params.id, request.body));
    },
    ARTICLE_BODY_LIMIT,
  );

  defineRoute(app, adminEndpoints.removeArticle, async (request) =>
    ok(await removeArticle(app.db, operatorActor(signedInUser(request)), request.params.id)),
  );
};
