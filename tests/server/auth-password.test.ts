// Operator password sign-in: scrypt-checked passwords and brute-force limits (429 + retry-after).
import type { LightMyRequestResponse } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { createOperator } from "../../server/domain/auth/operators";
import { LOGIN_LIMITS } from "../../server/domain/auth/password-sign-in";
import { cheapenPassword } from "./helpers/cheap-password";
import { bearer } from "./helpers/siwe";
import { useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";

const getPglite = usePglite();
const PASSWORD = "correct horse battery staple";

function passwordSuite(getDb: () => Db) {
  const app = useTestApp(getDb, { resetDbBeforeEach: true });
  beforeEach(async () => {
    await createOperator(getDb(), "ops-anna", PASSWORD, "admin");
  });

  const signIn = (username: string, password: string, ip = "198.51.100.1") =>
    app.inject({
      method: "POST",
      url: `${API_BASE}/auth/signin`,
      payload: { username, password },
      remoteAddress: ip,
    });
  const sessions = async () =>
    (await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM operator_sessions"))[0]?.n;

  function expectLimited(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toMatchObject({ HttpStatusCode: 429, Code: "RATE_LIMITED" });
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
    return retryAfter;
  }

  it("signs an operator in with the right password; the token opens the second factor", async () => {
    const response = await signIn("ops-anna", PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const token = (response.json() as { Data: string }).Data;
    // An operator session of its own, waiting for TOTP enrolment (admin-session.test.ts).
    const session = await app.inject({ url: `${API_BASE}/admin/session`, headers: bearer(token) });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ Data: { username: "ops-anna", stage: "enrol" } });
    // Usernames are case-insensitive.
    expect((await signIn(" OPS-Anna ", PASSWORD)).statusCode).toBe(200);
    const [row] = await getDb().query<{ password_hash: string }>("SELECT password_hash FROM users");
    expect(row?.password_hash).toMatch(/^scrypt\$15\$8\$3\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
  });

  it("answers the same 401 for a wrong password and an unknown user", async () => {
    for (const [username, password] of [
      ["ops-anna", "wrong password"],
      ["ops-nobody", PASSWORD],
      ["ops-anna", PASSWORD.toUpperCase()],
    ] as const) {
      const response = await signIn(username, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        HttpStatusCode: 401,
        Message: "Wrong username or password",
        Data: null,
        Code: "UNAUTHORIZED",
      });
    }
    expect(await sessions()).toBe(0);
  });

  it("refuses a locked operator with the right password", async () => {
    await getDb().query("UPDATE users SET locked = true");
    const response = await signIn("ops-anna", PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Code: "ACCOUNT_LOCKED" });
    expect(await sessions()).toBe(0);
  });

  const failures = async (where = "true") =>
    (
      await getDb().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM login_failures WHERE ${where}`,
      )
    )[0]?.n;

  it("limits a username from one address after 5 failures, even with the right password, until they age out", async () => {
    await cheapenPassword(getDb(), "ops-anna", PASSWORD);
    const stranger = "203.0.113.7";
    for (let i = 0; i < LOGIN_LIMITS.perUsernameAndIp; i += 1) {
      expect((await signIn("ops-anna", `guess ${i}`, stranger)).statusCode).toBe(401);
    }
    const retryAfter = expectLimited(await signIn("ops-anna", PASSWORD, stranger));
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.windowSeconds - 60);
    expect(await sessions()).toBe(0);
    // Refused attempts do not extend the limit.
    expect(await failures()).toBe(LOGIN_LIMITS.perUsernameAndIp);

    // The real operator, from their own address, is not locked out by the stranger...
    expect((await signIn("ops-anna", PASSWORD, "198.51.100.20")).statusCode).toBe(200);
    // ...and signing in does not reset the stranger's limit.
    expectLimited(await signIn("ops-anna", "guess again", stranger));
    expect(await failures()).toBe(LOGIN_LIMITS.perUsernameAndIp);

    await getDb().query(
      "UPDATE login_failures SET created_at = now() - make_interval(secs => $1)",
      [LOGIN_LIMITS.windowSeconds + 1],
    );
    expect((await signIn("ops-anna", PASSWORD, stranger)).statusCode).toBe(200);
    expect(await failures(`username = 'ops-anna' AND ip = '${stranger}'`)).toBe(0);
  });

  it("backs off a username guessed from many addresses, doubling per failure up to a cap", async () => {
    await cheapenPassword(getDb(), "ops-anna", PASSWORD);
    let next = 0;
    const elsewhere = () => `203.0.113.${(next += 1)}`;
    for (let i = 0; i < LOGIN_LIMITS.usernameBackoffAfter; i += 1) {
      expect((await signIn("ops-anna", `guess ${i}`, elsewhere())).statusCode).toBe(401);
    }
    // Each sign-in spends a slow hash after its failure is recorded: date the failures "just now"
    // before each check, so the wait measured is the whole back-off on a loaded machine too.
    const justNow = () => getDb().query("UPDATE login_failures SET created_at = now()");
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      await justNow();
      // Even the right password from a fresh address waits: the username itself is backing off.
      const limited = await signIn("ops-anna", PASSWORD, elsewhere());
      waits.push(expectLimited(limited));
      // Let exactly the back-off pass (moving the failures back in time), then fail once more.
      await getDb().query(
        "UPDATE login_failures SET created_at = created_at - make_interval(secs => $1)",
        [waits[round] ?? 0],
      );
      expect((await signIn("ops-anna", `late guess ${round}`, elsewhere())).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    // Capped: many more failures still leave the operator a retry within backoffMaxSeconds.
    await getDb().query(
      `INSERT INTO login_failures (username, ip)
       SELECT 'ops-anna', '192.0.2.' || g FROM generate_series(1, 40) AS g`,
    );
    await justNow();
    const capped = expectLimited(await signIn("ops-anna", PASSWORD, elsewhere()));
    expect(capped).toBe(LOGIN_LIMITS.backoffMaxSeconds);
  });

  // A liveness bound, not a speed target: each unknown username is verified against the dummy
  // hash at the real scrypt cost (so it answers as slowly as a known one), 20 in a row: 7–8 s in
  // CI, 26–31 s with two suites sharing the machine, against the project's 30 s.
  it("limits a client address after 20 failures across usernames", async () => {
    await cheapenPassword(getDb(), "ops-anna", PASSWORD);
    for (let i = 0; i < LOGIN_LIMITS.perIp; i += 1) {
      expect((await signIn(`ops-guess${i}`, "x", "192.0.2.66")).statusCode).toBe(401);
    }
    expectLimited(await signIn("ops-anna", PASSWORD, "192.0.2.66"));
    expect((await signIn("ops-anna", PASSWORD, "192.0.2.67")).statusCode).toBe(200);
  }, 120_000);

  it("counts a burst of parallel guesses as it happens", async () => {
    await cheapenPassword(getDb(), "ops-anna", PASSWORD);
    // From one address: the pair limit; from many: the username's back-off.
    for (const spread of [false, true]) {
      await getDb().query("DELETE FROM login_failures");
      const answers = await Promise.all(
        Array.from({ length: 14 }, (_, i) =>
          signIn("ops-anna", `burst ${i}`, spread ? `203.0.113.${i}` : "203.0.113.200"),
        ),
      );
      const allowed = spread ? LOGIN_LIMITS.usernameBackoffAfter : LOGIN_LIMITS.perUsernameAndIp;
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(allowed);
      expect(statuses.filter((s) => s === 429)).toHaveLength(14 - allowed);
    }
  });

  it("validates the body", async () => {
    for (const payload of [{}, { username: "ops-anna" }, { username: "", password: "x" }]) {
      const response = await app.inject({
        method: "POST",
        url: `${API_BASE}/auth/signin`,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Code: "VALIDATION" });
    }
  });

  it("creates operators only with a valid, free username", async () => {
    await expect(createOperator(getDb(), "Ops Anna", PASSWORD, "admin")).rejects.toMatchObject({
      code: "VALIDATION",
      params: { field: "username" },
    });
    await expect(createOperator(getDb(), "ops-anna", PASSWORD, "admin")).rejects.toMatchObject({
      code: "CONFLICT",
      params: { conflict: "username-taken" },
    });
    await expect(createOperator(getDb(), "ops-carl", "short", "admin")).rejects.toMatchObject({
      code: "VALIDATION",
      params: { field: "password" },
    });
  });
}

describe("PGlite", () => passwordSuite(getPglite));

describePostgres("PostgreSQL", ({ db }) => {
  passwordSuite(db);
});
