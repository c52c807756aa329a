// Who is calling: resolves the bearer token once per request. Two kinds of session, two tables:
// wallet users' (sessions) and operators' (operator_sessions, issue 22). Each route names who may
// call (its endpoint record's `access`):
// - `user`: a wallet user's token; an operator's is refused (403 FORBIDDEN);
// - `operator` (every /admin route, guarded by one hook in routes/admin): an operator token
//   whose session passed its second factor (else 401 SECOND_FACTOR_REQUIRED) and whose role has
//   the record's permission (else 403 FORBIDDEN); a wallet token gets 403 FORBIDDEN;
// - `operator-session`: an operator token in any sign-in stage (/admin/session);
// - `user-or-operator`: either of the first two (uploaded images);
// - `signed-in`: any live session (logout).
// A locked account gets 403 ACCOUNT_LOCKED on every authenticated call (the app signs out).
// Every answer to a signed-in caller, and every sign-in answer (it carries a token), is
// `Cache-Control: no-store`: no browser or shared cache may keep one user's data or credentials.
// Public answers keep their own caching (ETag + no-cache).
import { API_BASE } from "../../protocol/paths";
import type { EndpointSpec } from "../../protocol/endpoints";
import {
  OPERATOR_SESSION_LIMITS,
  permissionOf,
  roleAllows,
  type OperatorRole,
  type OperatorSessionStage,
} from "../../protocol/operators";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { findLiveSession, touchSession } from "../db/repositories/session-repository";
import {
  findLiveOperatorSession,
  touchOperatorSession,
} from "../db/repositories/operator-session-repository";
import { stageOf } from "../domain/auth/operator-sessions";
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
  /** The id of the session in its own table (sessions or operator_sessions, per `role`). */
  sessionId: string;
  address: string | null;
  username: string | null;
  role: "user" | "operator";
  /** Operators only: their role and how far their session's sign-in got. */
  operator: { role: OperatorRole; stage: OperatorSessionStage } | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth guards; null on public routes. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    /** The /admin guard: checks the route's endpoint record (see operatorGuard). */
    requireOperator: preHandlerAsyncHookHandler;
    requireUserOrOperator: preHandlerAsyncHookHandler;
    requireSignedIn: preHandlerAsyncHookHandler;
    /** A wallet user's token that did not come in a header (the account socket's query):
     * the user, or ApiError 401 UNAUTHORIZED / 403 ACCOUNT_LOCKED / 403 FORBIDDEN. */
    authenticateToken: (token: string | null) => Promise<AuthUser>;
  }
}

const ended = () => new ApiError(401, "UNAUTHORIZED", "The session has ended; sign in again");
const locked = () => new ApiError(403, "ACCOUNT_LOCKED", "This account is locked");

export const authPlugin = globalPlugin("quanta-auth", async (app) => {
  app.decorateRequest("user", null);

  /** Any live session of either kind, touched at most once a minute. */
  const anySession = async (token: string | null): Promise<AuthUser> => {
    if (token === null) throw new ApiError(401, "UNAUTHORIZED", "Sign in first");
    const tokenHash = hashToken(token);
    const row = await findLiveSession(app.db, tokenHash, SESSION_IDLE_SECONDS);
    if (row !== null) {
      if (row.locked) throw locked();
      if (isStale(row.last_seen_at)) await touchSession(app.db, row.session_id);
      return { ...pick(row), sessionId: row.session_id, id: row.user_id, operator: null };
    }
    const op = await findLiveOperatorSession(
      app.db,
      tokenHash,
      OPERATOR_SESSION_LIMITS.idleSeconds,
    );
    if (op === null) throw ended();
    if (op.locked) throw locked();
    if (isStale(op.last_seen_at)) await touchOperatorSession(app.db, op.session_id);
    return {
      id: op.user_id,
      sessionId: op.session_id,
      address: null,
      username: op.username,
      role: "operator",
      operator: { role: op.operator_role, stage: stageOf(op) },
    };
  };

  const walletUser = async (token: string | null): Promise<AuthUser> => {
    const user = await anySession(token);
    if (user.operator !== null) {
      throw new ApiError(403, "FORBIDDEN", "Operator sessions cannot use the wallet app's API");
    }
    return user;
  };

  const fromHeader = (request: FastifyRequest) => tokenFromHeader(request.headers.authorization);

  const requireUser = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.user = await walletUser(fromHeader(request));
  };
  const requireSignedIn = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.user = await anySession(fromHeader(request));
  };
  const requireUserOrOperator = async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await anySession(fromHeader(request));
    if (user.operator !== null) checkOperator(user, { method: "GET", access: "operator" });
    request.user = user;
  };
  const requireOperator = async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await anySession(fromHeader(request));
    if (user.operator === null) throw new ApiError(403, "FORBIDDEN", "Operators only");
    checkOperator(user, operatorRouteRecord(request));
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
  app.decorate("requireUserOrOperator", requireUserOrOperator);
  app.decorate("requireSignedIn", requireSignedIn);
  app.decorate("authenticateToken", walletUser);
});

function isStale(lastSeenAt: Date): boolean {
  return Date.now() - new Date(lastSeenAt).getTime() > TOUCH_INTERVAL_SECONDS * 1000;
}

function pick(row: { address: string | null; username: string | null; role: AuthUser["role"] }) {
  return { address: row.address, username: row.username, role: row.role };
}

type GuardRecord = Pick<EndpointSpec, "method" | "access" | "permission">;

/**
 * The record of the /admin route being called, as the routes registered it (defineRoute puts
 * it in the route's config). A route without one is treated as the strictest record for its
 * method, so nothing under /admin is ever open by accident.
 */
function operatorRouteRecord(request: FastifyRequest): GuardRecord {
  const record: GuardRecord | undefined = request.routeOptions.config.endpoint;
  return record ?? { method: request.method as EndpointSpec["method"], access: "operator" };
}

/** An operator session may call a record: stage first (401), then the role's permission (403). */
function checkOperator(user: AuthUser, record: GuardRecord): void {
  const operator = user.operator;
  if (operator === null) throw new ApiError(403, "FORBIDDEN", "Operators only");
  if (record.access === "operator-session") return;
  if (operator.stage !== "ready") {
    throw new ApiError(
      401,
      "SECOND_FACTOR_REQUIRED",
      operator.stage === "enrol"
        ? "Enrol a second factor first (POST /admin/session/enrolment)"
        : "Verify your second factor first (POST /admin/session/verify)",
      { params: { stage: operator.stage } },
    );
  }
  const permission = permissionOf(record);
  if (!roleAllows(operator.role, permission)) {
    throw new ApiError(
      403,
      "FORBIDDEN",
      `The ${operator.role} role may not do this (it needs "${permission}")`,
      { params: { role: operator.role, permission } },
    );
  }
}
