// The shape every operator review queue shares (identity, recharge, withdrawal): GET /<path> lists
// by status, POST /<path>/:id/approve and POST /<path>/:id/reject { reason } decide one. Each queue
// supplies its endpoints (protocol/endpoints/admin.ts) and domain functions; the operator
// attribution lives here once.
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ReviewQueueEndpoints } from "../../../protocol/endpoints/admin";
import type { ListPage } from "../../../protocol/list";
import { operatorActor, type OperatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export interface ReviewListQuery {
  status: number | null;
  cursor: string | null;
  limit: number;
}

export interface ReviewQueue<Item> {
  endpoints: ReviewQueueEndpoints;
  list(app: FastifyInstance, query: ReviewListQuery): Promise<ListPage<Item>>;
  approve(app: FastifyInstance, actor: OperatorActor, id: string): Promise<Item>;
  reject(app: FastifyInstance, actor: OperatorActor, id: string, reason: string): Promise<Item>;
}

export function reviewQueueRoutes<Item>(queue: ReviewQueue<Item>): FastifyPluginAsync {
  return async (app) => {
    defineRoute(app, queue.endpoints.list, async (request) => {
      const { status } = request.query;
      return ok(await queue.list(app, { status: status ?? null, ...pageOf(request.query) }));
    });

    defineRoute(app, queue.endpoints.approve, async (request) =>
      ok(await queue.approve(app, operatorActor(signedInUser(request)), request.params.id)),
    );

    defineRoute(app, queue.endpoints.reject, async (request) => {
      const actor = operatorActor(signedInUser(request));
      return ok(await queue.reject(app, actor, request.params.id, request.body.reason));
    });
  };
}
