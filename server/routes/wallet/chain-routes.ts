// /wallet routes over the deposit chain: GET /wallet/deposit (both modes) and POST /wallet/faucet
// (demo only: Test USDT from the dev chain's hot wallet to the caller's wallet).
import type { FastifyPluginAsync } from "fastify";
import { walletEndpoints } from "../../../protocol/endpoints";
import { depositInfo } from "../../domain/wallet/deposit-info";
import { faucet, FaucetLimiter } from "../../domain/wallet/faucet";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const walletChainRoutes: FastifyPluginAsync = async (app) => {
  const limiter = new FaucetLimiter();

  defineRoute(app, walletEndpoints.deposit, async () =>
    ok(depositInfo(app.config.mode, app.chain.endpoint)),
  );

  defineRoute(app, walletEndpoints.faucet, async (request) => {
    const { id: userId, address } = signedInUser(request);
    const idempotencyKey = request.headers["idempotency-key"];
    const { mode } = app.config;
    const chain = app.chain.dev;
    return ok(await faucet(app.db, { mode, chain, limiter, userId, address, idempotencyKey }));
  });
};
