// /admin/withdraw: the withdrawal review queue, approve (sent by the hot wallet afterwards) and
// reject with a reason (the frozen amount + fee go back).
import type { FastifyPluginAsync } from "fastify";
import { WALLET_REASON_MAX_LENGTH, type WithdrawalStatus } from "../../../protocol/wallet";
import { operatorActor } from "../../domain/operators/operator-actor";
import {
  approveWithdrawal,
  listWithdrawalsForOperators,
  rejectWithdrawal,
} from "../../domain/wallet/withdraw-review";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";
import { ID_PARAM, LIST_QUERY_PROPERTIES, type ListQuery } from "./admin-schemas";

const idParams = { type: "object", required: ["id"], properties: { id: ID_PARAM } } as const;

export const withdrawalReviewRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery & { status?: WithdrawalStatus } }>(
    "/withdraw",
    {
      schema: {
        querystring: {
          type: "object",
          properties: {
            ...LIST_QUERY_PROPERTIES,
            status: { type: "integer", enum: [0, 1, 2, 3] },
          },
        },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const query = { status: status ?? null, cursor: cursor ?? null, limit };
      return ok(await listWithdrawalsForOperators(app.db, query));
    },
  );

  app.post<{ Params: { id: string } }>(
    "/withdraw/:id/approve",
    { schema: { params: idParams } },
    async (request) => {
      const actor = operatorActor(signedInUser(request));
      const canSend = app.chain.hotWallet !== undefined;
      return ok(await approveWithdrawal(app.db, actor, request.params.id, canSend));
    },
  );

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    "/withdraw/:id/reject",
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
      return ok(await rejectWithdrawal(app.db, actor, request.params.id, request.body.reason));
    },
  );
};
