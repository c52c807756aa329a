// /wallet: money in and out of the platform. This slice: POST /wallet/demo-credit (demo only);
// GET /wallet/deposit and POST /wallet/faucet (demo only) in chain-routes.ts; POST and GET
// /wallet/recharge in recharge-routes.ts.
import type { FastifyPluginAsync } from "fastify";
import { walletEndpoints } from "../../../protocol/endpoints";
import { demoCredit } from "../../domain/wallet/demo-credit";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";
import { walletChainRoutes } from "./chain-routes";
import { rechargeRoutes } from "./recharge-routes";
import { withdrawRoutes } from "./withdraw-routes";

export const walletRoutes: FastifyPluginAsync = async (app) => {
  await app.register(walletChainRoutes);
  await app.register(rechargeRoutes);
  await app.register(withdrawRoutes);
  defineRoute(app, walletEndpoints.demoCredit, async (request) => {
    const { id: userId } = signedInUser(request);
    const idempotencyKey = request.headers["idempotency-key"];
    const { mode } = app.config;
    return ok(
      await demoCredit(app.db, { mode, userId, amount: request.body.amount, idempotencyKey }),
    );
  });
};
