// Who is calling: resolves the bearer token to a user once per request. Routes opt in with
// `preHandler: app.requireUser` (any signed-in, unlocked user) or `app.requireOperator`.
// A locked account gets 403 ACCOUNT_LOCKED on every authenticated call (the app signs out).
// Every answer to a signed-in caller, and every sign-in answer (it carries a token), is
// `Cache-Control: no-store`: no browser or shared cache may keep one user's data or credentials.
// Public answers keep their own caching (ETag + no-cache).
import { API_BASE } from "../../protocol/paths";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { findLiveSession, touchSession } from "../db/repositories/session-repository";
import {
  hashToken,
  SESSION_IDLE_SECONDS,
  tokenFromHeader,
  TOUCH_INTERVAL_SECONDS,
} from "../domain/auth/tokens";
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";

export interface AuthUser {
  id: string;
  sessionId: string;
  address: string | null;
  username: string | null;
  role: "user" | "operator";
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireUser/requireOperator; null on public routes. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    requireOperator: preHandlerAsyncHookHandler;
    /** The same check for a token that did not come in a header (the account socket's query):
     * the user, or ApiError 401 UNAUTHORIZED / 403 ACCOUNT_LOCKED. */
    authenticateToken: (token: string | null) => Promise<AuthUser>;
  }
}

export const authPlugin = globalPlugin("quanta-auth", async (app) => {
  app.decorateRequest("user", null);

  const authenticateToken = async (token: string | null): Promise<AuthUser> => {
    if (token === null) throw new ApiError(401, "UNAUTHORIZED", "Sign in first");
    const row = await findLiveSession(app.db, hashToken(token), SESSION_IDLE_SECONDS);
    if (row === null)
      throw new ApiError(401, "UNAUTHORIZED", "The session has ended; sign in again");
    if (row.locked) throw new ApiError(403, "ACCOUNT_LOCKED", "This account is locked");
    if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
      await touchSession(app.db, row.session_id);
    }
    return {
      id: row.user_id,
      sessionId: row.session_id,
      address: row.address,
      username: row.username,
      role: row.role,
    };
  };

  const authenticate = (request: FastifyRequest) =>
    authenticateToken(tokenFromHeader(request.headers.authorization));

  const requireUser = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.user = await authenticate(request);
  };
  const requireOperator = async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await authenticate(request);
    if (user.role !== "operator") throw new ApiError(403, "FORBIDDEN", "Operators only");
    request.user = user;
  };
  app.addHook("onSend", async (request, reply, payload) => {
    const route = request.routeOptions.url ?? "";
    const current = reply.getHeader("cache-control");
    // A route's own no-store (e.g. uploads' "private, no-store") is kept as it is.
    const alreadyNoStore = typeof current === "string" && /\bno-store\b/.test(current);
    if ((request.user !== null || route.startsWith(`${API_BASE}/auth/`)) && !alreadyNoStore) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });
  app.decorate("requireUser", requireUser);
  app.decorate("requireOperator", requireOperator);
  app.decorate("authenticateToken", authenticateToken);
});
