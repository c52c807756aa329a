// /admin/session: the operator's second factor (protocol/endpoints/admin-session.ts). These take
// an operator token in any sign-in stage (the /admin hook lets `operator-session` records through
// before the second factor); the rules live in domain/auth/second-factor.ts.
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { adminSessionEndpoints } from "../../../protocol/endpoints";
import { findLiveOperatorSession } from "../../db/repositories/operator-session-repository";
import { operatorSessionView } from "../../domain/auth/operator-sessions";
import { RetryLaterError } from "../../domain/auth/password-sign-in";
import {
  confirmTotpEnrolment,
  startTotpEnrolment,
  verifySecondFactor,
} from "../../domain/auth/second-factor";
import { hashToken, tokenFromHeader } from "../../domain/auth/tokens";
import { OPERATOR_SESSION_LIMITS } from "../../../protocol/operators";
import { ApiError, ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

/** A limited attempt's `retry-after`, as for password sign-ins. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RetryLaterError) reply.header("retry-after", error.retryAfterSeconds);
    throw error;
  }
}

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminSessionEndpoints.session, async (request) => {
    // Read again (the guard resolved the caller): the view names the session's own times.
    const token = tokenFromHeader(request.headers.authorization);
    const row =
      token === null
        ? null
        : await findLiveOperatorSession(
            app.db,
            hashToken(token),
            OPERATOR_SESSION_LIMITS.idleSeconds,
          );
    if (row === null) throw new ApiError(401, "UNAUTHORIZED", "The session has ended");
    return ok(operatorSessionView(row, row.last_seen_at));
  });

  defineRoute(app, adminSessionEndpoints.startEnrolment, async (request) =>
    ok(await startTotpEnrolment(app.db, app.totpSecrets, signedInUser(request).sessionId)),
  );

  defineRoute(app, adminSessionEndpoints.confirmEnrolment, async (request, reply) => {
    const caller = { sessionId: signedInUser(request).sessionId, ip: request.ip };
    return ok(
      await withRetryAfter(reply, () =>
        confirmTotpEnrolment(app.db, app.totpSecrets, caller, request.body.code),
      ),
    );
  });

  defineRoute(app, adminSessionEndpoints.verify, async (request, reply) => {
    const caller = { sessionId: signedInUser(request).sessionId, ip: request.ip };
    return ok(
      await withRetryAfter(reply, () =>
        verifySecondFactor(app.db, app.totpSecrets, caller, request.body),
      ),
    );
  });
};
