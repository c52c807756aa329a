// /wallet/withdraw: the withdrawal terms, a withdrawal request (Idempotency-Key) and the
// user's withdrawals. Rules live in domain/wallet/withdraw-request.ts.
import type { FastifyPluginAsync } from "fastify";
import { walletEndpoints } from "../../../protocol/endpoints";
import {
  listWithdrawals,
  requestWithdrawal,
  withdrawConfig,
} from "../../domain/wallet/withdraw-request";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const withdrawRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, walletEndpoints.withdrawConfig, async () =>
    ok(withdrawConfig(app.chain.endpoint)),
  );

  defineRoute(app, walletEndpoints.withdraw, async (request) => {
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

  defineRoute(app, walletEndpoints.withdrawals, async (request) =>
    ok(await listWithdrawals(app.db, signedInUser(request).id, pageOf(request.query))),
  );
};
