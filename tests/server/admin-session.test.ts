// Operator sign-in (issue 22) on the real app and PGlite: password, then TOTP enrolment (first
// time) or a TOTP / recovery code; replayed codes refused, recovery codes single use, limits on
// guessing, sessions of 8 h / 30 min idle apart from wallet tokens, every step in the audit log
// in the same transaction.
import { describe, expect, it } from "vitest";
import type { OperatorSessionView } from "../../protocol/operators";
import { API_BASE } from "../../protocol/paths";
import { createOperator } from "../../server/domain/auth/operators";
import {
  codeAt,
  enrolledOperator,
  OPERATOR_PASSWORD,
  passwordSignIn,
  sessionCall,
} from "./helpers/operator-sign-in";
import { bearer, createUserSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });

const adminGet = (token: string, path = "/audit") =>
  app.inject({ url: `${API_BASE}/admin${path}`, headers: bearer({ token }) });

const sessionOf = async (token: string) => {
  const response = await sessionCall(app, token, "GET", "");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: OperatorSessionView }>().Data;
};

const audit = (action: string) =>
  getDb().query<{ actor_label: string; detail: Record<string, unknown> }>(
    "SELECT actor_label, detail FROM audit_log WHERE action = $1 ORDER BY id",
    [action],
  );

describe("enrolment on the first sign-in", () => {
  it("takes a session from enrol to ready and hands out ten recovery codes once", async () => {
    await createOperator(getDb(), "ops-erin", OPERATOR_PASSWORD, "reviewer");
    const token = await passwordSignIn(app, "ops-erin");
    const before = await sessionOf(token);
    expect(before).toMatchObject({ username: "ops-erin", role: "reviewer", stage: "enrol" });
    expect(before.permissions).toEqual(["read", "review"]);
    const expiresIn = Date.parse(before.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(8 * 3600_000);
    const idleIn = Date.parse(before.idleExpiresAt) - Date.now();
    expect(idleIn).toBeGreaterThan(29 * 60_000);
    expect(idleIn).toBeLessThanOrEqual(30 * 60_000);

    // Not yet an operator for anything else.
    const early = await adminGet(token);
    expect(early.statusCode).toBe(401);
    expect(early.json()).toMatchObject({
      Code: "SECOND_FACTOR_REQUIRED",
      Params: { stage: "enrol" },
    });
    // Verify belongs to the other stage.
    expect((await sessionCall(app, token, "POST", "/verify", { code: "123456" })).statusCode).toBe(
      409,
    );

    const started = await sessionCall(app, token, "POST", "/enrolment");
    expect(started.statusCode, started.body).toBe(200);
    const { secret, uri } = started.json<{ Data: { secret: string; uri: string } }>().Data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Quanta:ops-erin\?/);
    expect(uri).toContain(`secret=${secret}`);

    const wrong = await sessionCall(app, token, "POST", "/enrolment/confirm", {
      code: codeAt(secret, 5),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      Code: "SECOND_FACTOR_INVALID",
      Params: { factor: "code", reason: "wrong" },
    });
    expect((await sessionOf(token)).stage).toBe("enrol");

    const confirmed = await sessionCall(app, token, "POST", "/enrolment/confirm", {
      code: codeAt(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json<{ Data: { recoveryCodes: string[] } }>().Data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    expect((await sessionOf(token)).stage).toBe("ready");
    expect((await adminGet(token)).statusCode).toBe(200);

    // Stored hashed only, and enrolment cannot be restarted over a confirmed secret.
    const stored = await getDb().query<{ code_hash: string }>(
      "SELECT code_hash FROM operator_recovery_codes",
    );
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace(/-/g, ""));
    const again = await passwordSignIn(app, "ops-erin");
    expect((await sessionOf(again)).stage).toBe("verify");
    expect((await sessionCall(app, again, "POST", "/enrolment")).statusCode).toBe(409);

    expect(await audit("operator.totp-enrol")).toEqual([
      { actor_label: "operator:ops-erin", detail: { recoveryCodes: 10 } },
    ]);
  });
});

describe("verify on later sign-ins", () => {
  it("accepts a TOTP code once: the same code (or an older one) is refused as reused", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-fay");
    const token = await passwordSignIn(app, "ops-fay");
    expect((await adminGet(token)).json()).toMatchObject({
      Code: "SECOND_FACTOR_REQUIRED",
      Params: { stage: "verify" },
    });
    // The enrolment used this step's code already.
    const replay = await sessionCall(app, token, "POST", "/verify", { code: codeAt(op.secret) });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ Params: { factor: "code", reason: "reused" } });
    const wrong = await sessionCall(app, token, "POST", "/verify", { code: codeAt(op.secret, 7) });
    expect(wrong.json()).toMatchObject({ Params: { factor: "code", reason: "wrong" } });

    // The next step's code (a phone a little ahead) is inside the window and new.
    const next = codeAt(op.secret, 1);
    const ok = await sessionCall(app, token, "POST", "/verify", { code: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ Data: OperatorSessionView }>().Data.stage).toBe("ready");
    expect((await adminGet(token)).statusCode).toBe(200);

    // Another session cannot use it again, nor the older one.
    const other = await passwordSignIn(app, "ops-fay");
    for (const code of [next, codeAt(op.secret)]) {
      const reused = await sessionCall(app, other, "POST", "/verify", { code });
      expect(reused.json()).toMatchObject({ Params: { factor: "code", reason: "reused" } });
    }
    expect((await sessionOf(other)).stage).toBe("verify");
    expect(await audit("operator.sign-in")).toEqual([
      { actor_label: "operator:ops-fay", detail: { factor: "totp" } },
    ]);
  });

  it("accepts each recovery code once, typed in any case with or without hyphens", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-gus");
    const [first = "", second = ""] = op.recoveryCodes;
    const token = await passwordSignIn(app, "ops-gus");
    const used = await sessionCall(app, token, "POST", "/verify", { recoveryCode: first });
    expect(used.statusCode, used.body).toBe(200);
    expect((await adminGet(token)).statusCode).toBe(200);

    const later = await passwordSignIn(app, "ops-gus");
    const again = await sessionCall(app, later, "POST", "/verify", { recoveryCode: first });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ Params: { factor: "recoveryCode", reason: "reused" } });
    const unknown = await sessionCall(app, later, "POST", "/verify", {
      recoveryCode: "0000-0000-0000-0000",
    });
    expect(unknown.json()).toMatchObject({ Params: { factor: "recoveryCode", reason: "wrong" } });
    const typed = ` ${second.replace(/-/g, "").toUpperCase()} `;
    const ok = await sessionCall(app, later, "POST", "/verify", { recoveryCode: typed });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await audit("operator.sign-in")).toEqual([
      {
        actor_label: "operator:ops-gus",
        detail: { factor: "recovery-code", recoveryCodesLeft: 9 },
      },
      {
        actor_label: "operator:ops-gus",
        detail: { factor: "recovery-code", recoveryCodesLeft: 8 },
      },
    ]);
  });

  it("refuses a malformed body and changes nothing", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-hal");
    const token = await passwordSignIn(app, "ops-hal");
    for (const payload of [
      {},
      { code: "12345" },
      { code: 123456 },
      { code: "123456", recoveryCode: "x" },
      { recoveryCode: "" },
    ]) {
      const response = await sessionCall(app, token, "POST", "/verify", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await sessionOf(token)).stage).toBe("verify");
    expect(op.recoveryCodes).toHaveLength(10);
  });
});

describe("limits on guessing", () => {
  it("ends a session after 5 wrong codes and makes that address wait, even with the right code", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-ida");
    const token = await passwordSignIn(app, "ops-ida");
    for (let i = 0; i < 5; i += 1) {
      const wrong = await sessionCall(app, token, "POST", "/verify", { code: "000000" });
      expect([422, 401]).toContain(wrong.statusCode);
    }
    expect((await sessionCall(app, token, "GET", "")).statusCode).toBe(401);

    const fresh = await passwordSignIn(app, "ops-ida");
    const limited = await sessionCall(app, fresh, "POST", "/verify", {
      code: codeAt(op.secret, 1),
    });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({ Code: "RATE_LIMITED" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await sessionOf(fresh)).stage).toBe("verify");

    // The real operator elsewhere is not locked out.
    const elsewhere = await passwordSignIn(app, "ops-ida", "203.0.113.9");
    const ok = await sessionCall(
      app,
      elsewhere,
      "POST",
      "/verify",
      { code: codeAt(op.secret, 1) },
      "203.0.113.9",
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("sessions", () => {
  it("end 8 hours after sign-in and after 30 idle minutes", async () => {
    const a = await enrolledOperator(app, getDb(), "ops-jo");
    const b = await passwordSignIn(app, "ops-jo");
    const c = await passwordSignIn(app, "ops-jo");
    const setSession = (token: string, sql: string) =>
      getDb().query(
        `UPDATE operator_sessions SET ${sql}
          WHERE id = (SELECT id FROM operator_sessions ORDER BY id OFFSET $1 LIMIT 1)`,
        [[a.token, b, c].indexOf(token)],
      );
    await setSession(a.token, "expires_at = now() - interval '1 second'");
    await setSession(b, "last_seen_at = now() - interval '31 minutes'");
    await setSession(c, "last_seen_at = now() - interval '29 minutes'");
    expect((await adminGet(a.token)).statusCode).toBe(401);
    expect((await sessionCall(app, b, "GET", "")).statusCode).toBe(401);
    // 29 idle minutes: still alive, and the request counts as activity.
    const view = await sessionOf(c);
    expect(Date.parse(view.idleExpiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it("keep wallet and operator tokens apart, and logout ends an operator session", async () => {
    const user = await createUserSession(getDb());
    const refused = await adminGet(user.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: "FORBIDDEN" });
    expect((await sessionCall(app, user.token, "GET", "")).statusCode).toBe(403);

    const op = await enrolledOperator(app, getDb(), "ops-kit");
    for (const url of ["/profile/profile", "/assets/overview", "/sync?cursor=0"]) {
      const response = await app.inject({ url: `${API_BASE}${url}`, headers: bearer(op) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ Code: "FORBIDDEN" });
    }
    const logout = await app.inject({
      method: "POST",
      url: `${API_BASE}/auth/logout`,
      headers: bearer(op),
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await adminGet(op.token)).statusCode).toBe(401);
    // A session still in its second factor can log out too.
    const pending = await passwordSignIn(app, "ops-kit");
    const out = await app.inject({
      method: "POST",
      url: `${API_BASE}/auth/logout`,
      headers: bearer({ token: pending }),
    });
    expect(out.statusCode).toBe(200);
    expect((await sessionCall(app, pending, "GET", "")).statusCode).toBe(401);
  });
});

describe("audit in the same transaction", () => {
  it("leaves the session unverified and the code unused when its audit row cannot be written", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-lu");
    const token = await passwordSignIn(app, "ops-lu");
    await getDb().exec(`
      CREATE FUNCTION test_refuse_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'operator.sign-in' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END; $$;
      CREATE TRIGGER test_refuse_sign_in BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION test_refuse_sign_in();`);
    const code = codeAt(op.secret, 1);
    const failed = await sessionCall(app, token, "POST", "/verify", { code });
    expect(failed.statusCode).toBe(500);
    expect((await sessionOf(token)).stage).toBe("verify");
    await getDb().exec(`DROP TRIGGER test_refuse_sign_in ON audit_log;
      DROP FUNCTION test_refuse_sign_in();`);
    // Nothing was committed: the same code still works once.
    const ok = await sessionCall(app, token, "POST", "/verify", { code });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
