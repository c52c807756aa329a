// /auth: wallet sign-in (SIWE), operator password sign-in and logout. Public except logout.
import type { FastifyPluginAsync } from "fastify";
import type { PasswordSignInRequest, WalletSignInRequest } from "../../../protocol/account";
import { dummyPasswordHash } from "../../domain/auth/passwords";
import { RetryLaterError, signInWithPassword } from "../../domain/auth/password-sign-in";
import { endSession } from "../../domain/auth/sessions";
import { expectedOrigin } from "../../domain/auth/siwe-message";
import { issueWalletNonce, signInWithWallet } from "../../domain/auth/wallet-sign-in";
import { signedInUser } from "../signed-in-user";
import { ok } from "../../plugins/envelope";
import {
  checkParamsSchema,
  passwordSignInSchema,
  WALLET_RATE_LIMIT,
  walletSignInSchema,
} from "./auth-schemas";

export const authRoutes: FastifyPluginAsync = async (app) => {
  // Hash the dummy now, so the first unknown username does not take twice as long as the rest.
  void dummyPasswordHash();

  app.post<{ Params: { address: string } }>(
    "/check/:address",
    { schema: { params: checkParamsSchema }, config: { rateLimit: WALLET_RATE_LIMIT } },
    async (request) => ok(await issueWalletNonce(app.db, request.params.address)),
  );

  app.post<{ Body: WalletSignInRequest & { signature: `0x${string}` } }>(
    "/signin-wallet",
    { schema: { body: walletSignInSchema }, config: { rateLimit: WALLET_RATE_LIMIT } },
    async (request) => {
      const { publicOrigin, siweChainIds } = app.config;
      const origin = expectedOrigin(publicOrigin, request.protocol, request.host);
      const context = { origin, chainIds: siweChainIds };
      return ok(await signInWithWallet(app.db, request.body, context));
    },
  );

  app.post<{ Body: PasswordSignInRequest }>(
    "/signin",
    { schema: { body: passwordSignInSchema } },
    async (request, reply) => {
      try {
        return ok(await signInWithPassword(app.db, { ...request.body, ip: request.ip }));
      } catch (error) {
        if (error instanceof RetryLaterError) reply.header("retry-after", error.retryAfterSeconds);
        throw error;
      }
    },
  );

  app.post("/logout", { preHandler: app.requireUser }, async (request) => {
    await endSession(app.db, signedInUser(request).sessionId);
    return ok(null);
  });
};
