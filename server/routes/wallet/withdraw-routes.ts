// /wallet/withdraw: the withdrawal terms, a withdrawal request (Idempotency-Key) and the
// user's withdrawals. Rules live in domain/wallet/withdraw-request.ts.
import type { FastifyPluginAsync } from "fastify";
import { IDEMPOTENCY_HEADERS_SCHEMA } from "../../domain/idempotency/with-idempotency";
import {
  listWithdrawals,
  requestWithdrawal,
  withdrawConfig,
} from "../../domain/wallet/withdraw-request";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../domain/operators/list-page";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

const listQuery = {
  type: "object",
  properties: {
    cursor: { type: "string", pattern: "^[1-9][0-9]{0,17}$" },
    limit: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
} as const;

const withdrawSchema = {
  // No types and nothing required here on purpose: a missing amount gets the seed's "Please
  // enter the amount", and a JSON number must not be coerced into a string (money is a decimal
  // string); the domain says exactly what is wrong.
  body: { type: "object", properties: { amount: {}, address: {} } },
  headers: IDEMPOTENCY_HEADERS_SCHEMA,
} as const;

export const withdrawRoutes: FastifyPluginAsync = async (app) => {
  app.get("/withdraw/config", { preHandler: app.requireUser }, async () =>
    ok(withdrawConfig(app.chain.endpoint)),
  );

  app.post<{
    Body: { amount?: unknown; address?: unknown };
    Headers: { "idempotency-key": string };
  }>("/withdraw", { preHandler: app.requireUser, schema: withdrawSchema }, async (request) => {
    const { amount, address } = request.body;
    const idempotencyKey = request.headers["idempotency-key"];
    const { id: userId, address: ownAddress } = signedInUser(request);
    const platform = {
      token: app.chain.endpoint?.token,
      depositAddress: app.chain.endpoint?.depositAddress,
      hotWallet: app.chain.hotWallet?.address,
      others: app.chain.dev?.platformAddresses,
    };
    return ok(
      await requestWithdrawal(app.db, {
        userId,
        ownAddress,
        amount,
        address,
        idempotencyKey,
        platform,
      }),
    );
  });

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    "/withdraw",
    {
      preHandler: app.requireUser,
      schema: { querystring: listQuery },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const userId = signedInUser(request).id;
      return ok(await listWithdrawals(app.db, userId, { cursor: cursor ?? null, limit }));
    },
  );
};
