// /admin/identity: the identity review queue, approve and reject.
import type { FastifyPluginAsync } from "fastify";
import { IDENTITY_LIMITS, type IdentityStatus } from "../../../protocol/identity";
import {
  approveIdentity,
  listIdentitySubmissions,
  rejectIdentity,
} from "../../domain/operators/identity-review";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";
import { ID_PARAM, LIST_QUERY_PROPERTIES, type ListQuery } from "./admin-schemas";

const idParams = {
  type: "object",
  required: ["id"],
  properties: { id: ID_PARAM },
} as const;

export const identityReviewRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery & { status?: IdentityStatus } }>(
    "/identity",
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
      return ok(
        await listIdentitySubmissions(app.db, {
          status: status ?? null,
          cursor: cursor ?? null,
          limit,
        }),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    "/identity/:id/approve",
    { schema: { params: idParams } },
    async (request) =>
      ok(await approveIdentity(app.db, operatorActor(signedInUser(request)), request.params.id)),
  );

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    "/identity/:id/reject",
    {
      schema: {
        params: idParams,
        body: {
          type: "object",
          required: ["reason"],
          properties: {
            reason: { type: "string", minLength: 1, maxLength: IDENTITY_LIMITS.reasonMaxLength },
          },
        },
      },
    },
    async (request) => {
      const actor = operatorActor(signedInUser(request));
      return ok(await rejectIdentity(app.db, actor, request.params.id, request.body.reason));
    },
  );
};
