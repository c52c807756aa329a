// /wallet routes over the deposit chain: GET /wallet/deposit (both modes) and POST /wallet/faucet
// (demo only: Test USDT from the dev chain's hot wallet to the caller's wallet).
import type { FastifyPluginAsync } from "fastify";
import { IDEMPOTENCY_HEADERS_SCHEMA } from "../../domain/idempotency/with-idempotency";
import { depositInfo } from "../../domain/wallet/deposit-info";
import { faucet, FaucetLimiter } from "../../domain/wallet/faucet";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

export const walletChainRoutes: FastifyPluginAsync = async (app) => {
  const limiter = new FaucetLimiter();

  app.get("/deposit", { preHandler: app.requireUser }, async () =>
    ok(depositInfo(app.config.mode, app.chain.endpoint)),
  );

  app.post<{ Headers: { "idempotency-key": string } }>(
    "/faucet",
    { preHandler: app.requireUser, schema: { headers: IDEMPOTENCY_HEADERS_SCHEMA } },
    async (request) => {
      const { id: userId, address } = signedInUser(request);
      const idempotencyKey = request.headers["idempotency-key"];
      const { mode } = app.config;
      const chain = app.chain.dev;
      return ok(await faucet(app.db, { mode, chain, limiter, userId, address, idempotencyKey }));
    },
  );
};
