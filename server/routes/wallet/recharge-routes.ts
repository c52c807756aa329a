// /wallet/recharge: POST a recharge (amount, voucher upload, optional tx hash; Idempotency-Key
// required) and GET the signed-in user's recharges.
import type { FastifyPluginAsync } from "fastify";
import { IDEMPOTENCY_HEADERS_SCHEMA } from "../../domain/idempotency/with-idempotency";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../domain/operators/list-page";
import { listMyRecharges } from "../../domain/wallet/recharge-list";
import { submitRecharge, type RechargeCommand } from "../../domain/wallet/recharge-submit";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

const rechargeSchema = {
  // No types and no `required` on purpose: Ajv would coerce a JSON number into a string and
  // word a missing field its own way; the domain answers the seed's messages ("Please enter
  // the amount") and refuses a number for money.
  body: { type: "object", properties: { amount: {}, voucher: {}, txHash: {} } },
  headers: IDEMPOTENCY_HEADERS_SCHEMA,
} as const;

const listQuery = {
  type: "object",
  properties: {
    cursor: { type: "string", pattern: "^[1-9][0-9]{0,17}$" },
    limit: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
} as const;

export const rechargeRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: RechargeCommand["body"]; Headers: { "idempotency-key": string } }>(
    "/recharge",
    { preHandler: app.requireUser, schema: rechargeSchema },
    async (request) => {
      const { id: userId, address } = signedInUser(request);
      const idempotencyKey = request.headers["idempotency-key"];
      const chain = app.chain.endpoint;
      const body = request.body;
      return ok(await submitRecharge(app.db, { userId, address, chain, body, idempotencyKey }));
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    "/recharge",
    { preHandler: app.requireUser, schema: { querystring: listQuery } },
    async (request) => {
      const { cursor, limit } = request.query;
      const page = { cursor: cursor ?? null, limit };
      return ok(await listMyRecharges(app.db, signedInUser(request).id, page));
    },
  );
};
