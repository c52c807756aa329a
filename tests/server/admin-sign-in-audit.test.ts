// The operator sign-in steps in the audit log (issue 22): a passed password step in the same
// transaction as its session, refused ones (wrong password, unknown username, locked account)
// and wrong second-factor codes — with the client address and the reason, never a secret.
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { createOperator } from "../../server/domain/auth/operators";
import {
  codeAt,
  enrolledOperator,
  OPERATOR_PASSWORD,
  passwordSignIn,
  sessionCall,
} from "./helpers/operator-sign-in";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
const IP = "203.0.113.9";

const signIn = (username: string, password: string) =>
  app.inject({
    method: "POST",
    url: `${API_BASE}/auth/signin`,
    payload: { username, password },
    remoteAddress: IP,
  });

const auditRows = () =>
  getDb().query<{
    actor_id: string | null;
    actor_label: string;
    action: string;
    target_id: string | null;
    detail: Record<string, unknown>;
  }>(
    `SELECT actor_id, actor_label, action, target_id, detail FROM audit_log
      WHERE action LIKE 'operator.%' AND action NOT IN ('operator.totp-enrol', 'operator.create')
      ORDER BY id`,
  );

describe("the password step in the audit log", () => {
  it("records passed and refused attempts with the address and reason, no secrets", async () => {
    const { id } = await createOperator(getDb(), "ops-nia", OPERATOR_PASSWORD, "reviewer");
    const typedAsUsername = "my secret pass phrase";
    expect((await signIn("ops-nia", "wrong password here")).statusCode).toBe(401);
    expect((await signIn(typedAsUsername, OPERATOR_PASSWORD)).statusCode).toBe(401);
    expect((await signIn("OPS-NIA", OPERATOR_PASSWORD)).statusCode).toBe(200);
    await getDb().query("UPDATE users SET locked = true WHERE id = $1", [id]);
    expect((await signIn("ops-nia", OPERATOR_PASSWORD)).statusCode).toBe(403);

    const rows = await auditRows();
    expect(rows).toEqual([
      {
        actor_id: id,
        actor_label: "operator:ops-nia",
        action: "operator.password-failed",
        target_id: id,
        detail: { reason: "wrong-password", ip: IP },
      },
      {
        actor_id: null,
        actor_label: "anonymous",
        action: "operator.password-failed",
        target_id: null,
        detail: { reason: "unknown-username", ip: IP },
      },
      {
        actor_id: id,
        actor_label: "operator:ops-nia",
        action: "operator.password",
        target_id: id,
        detail: { ip: IP },
      },
      {
        actor_id: id,
        actor_label: "operator:ops-nia",
        action: "operator.password-failed",
        target_id: id,
        detail: { reason: "locked", ip: IP },
      },
    ]);
    const text = JSON.stringify(rows);
    for (const secret of [OPERATOR_PASSWORD, "wrong password here", typedAsUsername]) {
      expect(text).not.toContain(secret);
    }
  });

  it("records wrong and reused second-factor codes, and the one that ends the session", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-oli");
    const token = await passwordSignIn(app, "ops-oli", IP);
    const reused = await sessionCall(
      app,
      token,
      "POST",
      "/verify",
      { code: codeAt(op.secret) },
      IP,
    );
    expect(reused.statusCode).toBe(422);
    for (let i = 0; i < 4; i += 1) {
      const wrong = await sessionCall(
        app,
        token,
        "POST",
        "/verify",
        { recoveryCode: "0000-0000-0000-0000" },
        IP,
      );
      expect(wrong.statusCode).toBe(422);
    }
    const failures = (await auditRows()).filter(
      (r) => r.action === "operator.second-factor-failed",
    );
    expect(failures.map((r) => r.detail)).toEqual([
      { factor: "code", reason: "reused", ip: IP, sessionEnded: false },
      ...[false, false, false, true].map((sessionEnded) => ({
        factor: "recoveryCode",
        reason: "wrong",
        ip: IP,
        sessionEnded,
      })),
    ]);
    expect(
      failures.every((r) => r.actor_label === "operator:ops-oli" && r.target_id === op.userId),
    ).toBe(true);
    const text = JSON.stringify(await auditRows());
    expect(text).not.toContain(codeAt(op.secret));
    expect(text).not.toContain(op.secret);
    // The enrolment's password step and this one: both recorded.
    expect((await auditRows()).filter((r) => r.action === "operator.password")).toHaveLength(2);
  });

  it("starts no session when the passed password step cannot be audited", async () => {
    await createOperator(getDb(), "ops-pam", OPERATOR_PASSWORD, "admin");
    await getDb().exec(`
      CREATE FUNCTION test_refuse_password() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'operator.password' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END; $$;
      CREATE TRIGGER test_refuse_password BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION test_refuse_password();`);
    try {
      expect((await signIn("ops-pam", OPERATOR_PASSWORD)).statusCode).toBe(500);
      const [sessions] = await getDb().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM operator_sessions",
      );
      expect(sessions?.n).toBe(0);
    } finally {
      await getDb().exec(`DROP TRIGGER test_refuse_password ON audit_log;
        DROP FUNCTION test_refuse_password();`);
    }
    expect((await signIn("ops-pam", OPERATOR_PASSWORD)).statusCode).toBe(200);
  });
});
