// Operator sign-in through the real endpoints (issue 22): password, then TOTP enrolment or a code.
// The codes are computed here from the secret, as an authenticator app would.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { TOTP_PARAMETERS, type OperatorRole } from "../../../protocol/operators";
import { API_BASE } from "../../../protocol/paths";
import type { Db } from "../../../server/db/db";
import { createOperator } from "../../../server/domain/auth/operators";
import { totpCode } from "../../../server/domain/auth/totp";
import { cheapenPassword } from "./cheap-password";
import { bearer } from "./sessions";

export const OPERATOR_PASSWORD = "correct horse battery staple";

/** The code of the time step `steps` away from now (within the server's window for -1..1). */
export function codeAt(secret: string, steps = 0): string {
  return totpCode(secret, Date.now() + steps * TOTP_PARAMETERS.periodSeconds * 1000);
}

export async function passwordSignIn(
  app: FastifyInstance,
  username: string,
  ip = "198.51.100.7",
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: `${API_BASE}/auth/signin`,
    payload: { username, password: OPERATOR_PASSWORD },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: string }>().Data;
}

export function sessionCall(
  app: FastifyInstance,
  token: string,
  method: "GET" | "POST",
  path: string,
  payload?: object,
  ip = "198.51.100.7",
) {
  return app.inject({
    method,
    url: `${API_BASE}/admin/session${path}`,
    headers: bearer({ token }),
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload }),
  });
}

export interface EnrolledOperator {
  username: string;
  userId: string;
  secret: string;
  recoveryCodes: string[];
  /** The session that enrolled: ready. */
  token: string;
}

/** A new operator, signed in with the password, TOTP enrolled: a ready session. */
export async function enrolledOperator(
  app: FastifyInstance,
  db: Db,
  username: string,
  role: OperatorRole = "admin",
): Promise<EnrolledOperator> {
  const { id } = await createOperator(db, username, OPERATOR_PASSWORD, role);
  await cheapenPassword(db, username, OPERATOR_PASSWORD);
  const token = await passwordSignIn(app, username);
  const started = await sessionCall(app, token, "POST", "/enrolment");
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json<{ Data: { secret: string } }>().Data;
  const confirmed = await sessionCall(app, token, "POST", "/enrolment/confirm", {
    code: codeAt(secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json<{ Data: { recoveryCodes: string[] } }>().Data;
  return { username, userId: id, secret, recoveryCodes, token };
}
