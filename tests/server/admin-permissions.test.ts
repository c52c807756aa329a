// Role permissions on every /admin route (issue 22): walks every endpoint record under /admin and
// calls it as each role. A role without the record's permission gets 403 FORBIDDEN before
// anything runs (so a `support` operator cannot approve anything); a role with it gets past the
// guard; a session still in its second factor gets 401; a wallet user 403. And every /admin route
// the server registers has a record, so none escapes this walk.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ENDPOINTS, type EndpointSpec } from "../../protocol/endpoints";
import {
  OPERATOR_ROLES,
  permissionOf,
  roleAllows,
  type OperatorRole,
} from "../../protocol/operators";
import { API_BASE } from "../../protocol/paths";
import { createOperator } from "../../server/domain/auth/operators";
import { OPERATOR_PASSWORD, passwordSignIn } from "./helpers/operator-sign-in";
import { registeredRoutes } from "./helpers/registered-routes";
import { bearer, createUserSession, randomAddress } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT });

const ADMIN = `${API_BASE}/admin`;
const guarded = ENDPOINTS.filter((e) => e.path.startsWith(ADMIN) && e.access === "operator");

/** A concrete URL for a record's path: ids that do not exist, a well-formed address. */
function urlOf(spec: EndpointSpec): string {
  return spec.path.replace(":address", randomAddress()).replace(/:[a-zA-Z]+/g, "999999");
}

function call(spec: EndpointSpec, token: string) {
  const withBody = spec.method === "POST" || spec.method === "PUT";
  return app.inject({
    method: spec.method,
    url: urlOf(spec),
    headers: { ...bearer({ token }), "idempotency-key": randomUUID() },
    ...(withBody ? { payload: {} } : {}),
  });
}

describe("every /admin endpoint record", () => {
  it("is what the server registers under /admin, and every one is guarded", () => {
    const served = registeredRoutes(app)
      .filter((route) => route.split(" ")[1]?.startsWith(ADMIN))
      .sort();
    const recorded = ENDPOINTS.filter((e) => e.path.startsWith(ADMIN))
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(served).toEqual(recorded);
    for (const spec of ENDPOINTS.filter((e) => e.path.startsWith(ADMIN))) {
      expect(["operator", "operator-session"], spec.path).toContain(spec.access);
    }
    // The review queues' decisions need `review`, not just `read`.
    const decisions = guarded.filter((e) => /\/(approve|reject)$/.test(e.path));
    expect(decisions.length).toBeGreaterThanOrEqual(6);
    for (const spec of decisions) expect(permissionOf(spec), spec.path).toBe("review");
  });

  for (const role of OPERATOR_ROLES) {
    it(`answers the ${role} role by its permissions`, async () => {
      const session = await createUserSession(getDb(), { role });
      for (const spec of guarded) {
        const response = await call(spec, session.token);
        const label = `${role} ${spec.method} ${spec.path}: ${response.body}`;
        if (roleAllows(role, permissionOf(spec))) {
          expect(response.statusCode, label).not.toBe(401);
          expect(response.statusCode, label).not.toBe(403);
          // Past the guard: the handler's own answer (a 404 id, a 400 body, a 503 part not
          // running), never a fault.
          expect(response.statusCode, label).not.toBe(500);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toMatchObject({
            Code: "FORBIDDEN",
            Params: { role, permission: permissionOf(spec) },
          });
        }
      }
    });
  }

  it("refuses a support operator's approval before it changes anything", async () => {
    const support = await createUserSession(getDb(), { role: "support" satisfies OperatorRole });
    const before = await getDb().query("SELECT count(*)::int AS n FROM audit_log");
    for (const queue of ["identity", "recharge", "withdraw"]) {
      const response = await app.inject({
        method: "POST",
        url: `${ADMIN}/${queue}/1/approve`,
        headers: bearer(support),
      });
      expect(response.statusCode, queue).toBe(403);
    }
    expect(await getDb().query("SELECT count(*)::int AS n FROM audit_log")).toEqual(before);
  });

  it("answers a session before its second factor 401 and a wallet user 403, everywhere", async () => {
    await createOperator(getDb(), `ops-${randomUUID().slice(0, 8)}`, OPERATOR_PASSWORD, "admin");
    const [row] = await getDb().query<{ username: string }>(
      "SELECT username FROM users WHERE role = 'operator' ORDER BY id DESC LIMIT 1",
    );
    const pending = await passwordSignIn(app, row?.username ?? "");
    const user = await createUserSession(getDb());
    for (const spec of guarded) {
      const early = await call(spec, pending);
      expect(early.statusCode, spec.path).toBe(401);
      expect(early.json(), spec.path).toMatchObject({ Code: "SECOND_FACTOR_REQUIRED" });
      const wallet = await call(spec, user.token);
      expect(wallet.statusCode, spec.path).toBe(403);
    }
  });
});
