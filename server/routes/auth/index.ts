// /auth: wallet sign-in (SIWE), operator password sign-in and logout. Public except logout.
import type { FastifyPluginAsync } from "fastify";
import { authEndpoints } from "../../../protocol/endpoints";
import { dummyPasswordHash } from "../../domain/auth/passwords";
import { RetryLaterError, signInWithPassword } from "../../domain/auth/password-sign-in";
import { endOperatorSession } from "../../domain/auth/operator-sessions";
import { endSession } from "../../domain/auth/sessions";
import { expectedOrigin } from "../../domain/auth/siwe-message";
import { issueWalletNonce, signInWithWallet } from "../../domain/auth/wallet-sign-in";
import { signedInUser } from "../signed-in-user";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { WALLET_RATE_LIMIT } from "./auth-schemas";

export const authRoutes: FastifyPluginAsync = async (app) => {
  // Hash the dummy now, so the first unknown username does not take twice as long as the rest.
  void dummyPasswordHash();
  const walletRateLimit = { config: { rateLimit: WALLET_RATE_LIMIT } };

  defineRoute(
    app,
    authEndpoints.walletCheck,
    async (request) => ok(await issueWalletNonce(app.db, request.params.address)),
    walletRateLimit,
  );

  defineRoute(
    app,
    authEndpoints.walletSignIn,
    async (request) => {
      const { publicOrigin, siweChainIds } = app.config;
      const origin = expectedOrigin(publicOrigin, request.protocol, request.host);
      const context = { origin, chainIds: siweChainIds };
      const body = { ...request.body, signature: request.body.signature as `0x${string}` };
      return ok(await signInWithWallet(app.db, body, context));
    },
    walletRateLimit,
  );

  defineRoute(app, authEndpoints.passwordSignIn, async (request, reply) => {
    try {
      return ok(await signInWithPassword(app.db, { ...request.body, ip: request.ip }));
    } catch (error) {
      if (error instanceof RetryLaterError) reply.header("retry-after", error.retryAfterSeconds);
      throw error;
    }
  });

  defineRoute(app, authEndpoints.logout, async (request) => {
    const user = signedInUser(request);
    if (user.operator === null) await endSession(app.db, user.sessionId);
    else await endOperatorSession(app.db, user.sessionId);
    return ok(null);
  });
};
