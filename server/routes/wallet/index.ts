// /wallet: money in and out of the platform. This slice: POST /wallet/demo-credit (demo only);
// GET /wallet/deposit and POST /wallet/faucet (demo only) in chain-routes.ts; POST and GET
// /wallet/recharge in recharge-routes.ts.
import type { FastifyPluginAsync } from "fastify";
import { IDEMPOTENCY_HEADERS_SCHEMA } from "../../domain/idempotency/with-idempotency";
import { demoCredit } from "../../domain/wallet/demo-credit";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";
import { walletChainRoutes } from "./chain-routes";
import { rechargeRoutes } from "./recharge-routes";
import { withdrawRoutes } from "./withdraw-routes";

const demoCreditSchema = {
  // `amount` has no type here on purpose: Ajv would coerce a JSON number into a string, and
  // money must arrive as a decimal string (the domain says exactly what is wrong with it).
  body: { type: "object", required: ["amount"], properties: { amount: {} } },
  headers: IDEMPOTENCY_HEADERS_SCHEMA,
} as const;

export const walletRoutes: FastifyPluginAsync = async (app) => {
  await app.register(walletChainRoutes);
  await app.register(rechargeRoutes);
  await app.register(withdrawRoutes);
  app.post<{ Body: { amount: unknown }; Headers: { "idempotency-key": string } }>(
    "/demo-credit",
    { preHandler: app.requireUser, schema: demoCreditSchema },
    async (request) => {
      const { id: userId } = signedInUser(request);
      const idempotencyKey = request.headers["idempotency-key"];
      const { mode } = app.config;
      return ok(
        await demoCredit(app.db, { mode, userId, amount: request.body.amount, idempotencyKey }),
      );
    },
  );
};
