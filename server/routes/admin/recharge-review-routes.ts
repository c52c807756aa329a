// /admin/recharge: the recharge review queue, approve and reject.
import type { FastifyPluginAsync } from "fastify";
import { WALLET_REASON_MAX_LENGTH, type RechargeStatus } from "../../../protocol/wallet";
import { operatorActor } from "../../domain/operators/operator-actor";
import {
  approveRecharge,
  listRechargesForReview,
  rejectRecharge,
} from "../../domain/wallet/recharge-review";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";
import { ID_PARAM, LIST_QUERY_PROPERTIES, type ListQuery } from "./admin-schemas";

const idParams = { type: "object", required: ["id"], properties: { id: ID_PARAM } } as const;

export const rechargeReviewRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery & { status?: RechargeStatus } }>(
    "/recharge",
    {
      schema: {
        querystring: {
          type: "object",
          properties: { ...LIST_QUERY_PROPERTIES, status: { type: "integer", enum: [0, 1, 2] } },
        },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const query = { status: status ?? null, cursor: cursor ?? null, limit };
      return ok(await listRechargesForReview(app.db, query));
    },
  );

  app.post<{ Params: { id: string } }>(
    "/recharge/:id/approve",
    { schema: { params: idParams } },
    async (request) => {
      const actor = operatorActor(signedInUser(request));
      return ok(await approveRecharge(app.db, app.chain.endpoint, actor, request.params.id));
    },
  );

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    "/recharge/:id/reject",
    {
      schema: {
        params: idParams,
        body: {
          type: "object",
          required: ["reason"],
          properties: {
            reason: { type: "string", minLength: 1, maxLength: WALLET_REASON_MAX_LENGTH },
          },
        },
      },
    },
    async (request) => {
      const actor = operatorActor(signedInUser(request));
      return ok(await rejectRecharge(app.db, actor, request.params.id, request.body.reason));
    },
  );
};
