// The shape every operator review queue shares (identity, recharge, withdrawal): GET /<path> lists
// by status, POST /<path>/:id/approve and POST /<path>/:id/reject { reason } decide one. Each queue
// supplies its domain functions; the schemas and the operator attribution live here once.
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ListPage } from "../../../protocol/list";
import { operatorActor, type OperatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";
import { ID_PARAM, LIST_QUERY_PROPERTIES, type ListQuery } from "./admin-schemas";

export interface ReviewListQuery {
  status: number | null;
  cursor: string | null;
  limit: number;
}

export interface ReviewQueue<Item> {
  /** e.g. "recharge": the routes are /<path>, /<path>/:id/approve, /<path>/:id/reject. */
  path: string;
  statuses: readonly number[];
  reasonMaxLength: number;
  list(app: FastifyInstance, query: ReviewListQuery): Promise<ListPage<Item>>;
  approve(app: FastifyInstance, actor: OperatorActor, id: string): Promise<Item>;
  reject(app: FastifyInstance, actor: OperatorActor, id: string, reason: string): Promise<Item>;
}

const idParams = { type: "object", required: ["id"], properties: { id: ID_PARAM } } as const;

export function reviewQueueRoutes<Item>(queue: ReviewQueue<Item>): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: ListQuery & { status?: number } }>(
      `/${queue.path}`,
      {
        schema: {
          querystring: {
            type: "object",
            properties: {
              ...LIST_QUERY_PROPERTIES,
              status: { type: "integer", enum: [...queue.statuses] },
            },
          },
        },
      },
      async (request) => {
        const { status, cursor, limit } = request.query;
        return ok(await queue.list(app, { status: status ?? null, cursor: cursor ?? null, limit }));
      },
    );

    app.post<{ Params: { id: string } }>(
      `/${queue.path}/:id/approve`,
      { schema: { params: idParams } },
      async (request) =>
        ok(await queue.approve(app, operatorActor(signedInUser(request)), request.params.id)),
    );

    app.post<{ Params: { id: string }; Body: { reason: string } }>(
      `/${queue.path}/:id/reject`,
      {
        schema: {
          params: idParams,
          body: {
            type: "object",
            required: ["reason"],
            properties: {
              reason: { type: "string", minLength: 1, maxLength: queue.reasonMaxLength },
            },
          },
        },
      },
      async (request) => {
        const actor = operatorActor(signedInUser(request));
        return ok(await queue.reject(app, actor, request.params.id, request.body.reason));
      },
    );
  };
}
