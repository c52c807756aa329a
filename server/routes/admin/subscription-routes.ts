// /admin/subscriptions: the e-mail subscriptions, by address (`?email=` for one, list params).
import type { FastifyPluginAsync } from "fastify";
import { EMAIL_MAX_LENGTH } from "../../../protocol/content";
import { listEmailSubscriptions } from "../../domain/operators/subscription-list";
import { ok } from "../../plugins/envelope";
import { LIST_QUERY_PROPERTIES } from "./admin-schemas";

const EMAIL_QUERY = { type: "string", minLength: 1, maxLength: EMAIL_MAX_LENGTH } as const;

interface SubscriptionListQuery {
  email?: string;
  cursor?: string;
  limit: number;
}

export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: SubscriptionListQuery }>(
    "/subscriptions",
    {
      schema: {
        querystring: {
          type: "object",
          // The cursor here is the last address of the previous page, not a numeric id.
          properties: { ...LIST_QUERY_PROPERTIES, cursor: EMAIL_QUERY, email: EMAIL_QUERY },
        },
      },
    },
    async (request) => {
      const { email, cursor, limit } = request.query;
      return ok(
        await listEmailSubscriptions(app.db, {
          email: email ?? null,
          cursor: cursor ?? null,
          limit,
        }),
      );
    },
  );
};
