// Operator password sign-in: scrypt-checked passwords and brute-force limits (429 + retry-after).
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { createOperator } from "../../server/domain/auth/operators";
import { LOGIN_LIMITS } from "../../server/domain/auth/password-sign-in";
import { bearer } from "./helpers/siwe";
import { buildTestApp } from "./helpers/test-app";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

const getPglite = usePglite();
const PASSWORD = "correct horse battery staple";

function passwordSuite(getDb: () => Db) {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await resetDb(getDb());
    await createOperator(getDb(), "ops-anna", PASSWORD);
  });

  const signIn = (username: string, password: string, ip = "198.51.100.1") =>
    app.inject({
      method: "POST",
      url: `${API_BASE}/auth/signin`,
      payload: { username, password },
      remoteAddress: ip,
    });
  const sessions = async () =>
    (await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM sessions"))[0]?.n;

  function expectLimited(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toMatchObject({ HttpStatusCode: 429, Code: "RATE_LIMITED" });
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
    return retryAfter;
  }

  it("signs an operator in with the right password; the token works", async () => {
    const response = await signIn("ops-anna", PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const token = (response.json() as { Data: string }).Data;
    const profile = await app.inject({
      url: `${API_BASE}/profile/profile`,
      headers: bearer(token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ Data: { address: null, locked: false } });
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

  it("limits a username after 5 failures, even with the right password, until they age out", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUsername; i += 1) {
      // From different addresses: the per-username limit holds however the guesses are spread.
      expect((await signIn("ops-anna", `guess ${i}`, `203.0.113.${i}`)).statusCode).toBe(401);
    }
    const retryAfter = expectLimited(await signIn("ops-anna", PASSWORD, "203.0.113.99"));
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.windowSeconds - 60);
    expect(await sessions()).toBe(0);
    // Refused attempts do not extend the limit.
    const [failures] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM login_failures",
    );
    expect(failures?.n).toBe(LOGIN_LIMITS.perUsername);

    // Another username from a fresh address is not affected.
    expect((await signIn("ops-bert", "x", "203.0.113.50")).statusCode).toBe(401);

    await getDb().query(
      "UPDATE login_failures SET created_at = now() - make_interval(secs => $1)",
      [LOGIN_LIMITS.windowSeconds + 1],
    );
    expect((await signIn("ops-anna", PASSWORD)).statusCode).toBe(200);
    const [left] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM login_failures WHERE username = 'ops-anna'",
    );
    expect(left?.n).toBe(0);
  });

  it("limits a client address after 20 failures across usernames", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp; i += 1) {
      expect((await signIn(`ops-guess${i}`, "x", "192.0.2.66")).statusCode).toBe(401);
    }
    expectLimited(await signIn("ops-anna", PASSWORD, "192.0.2.66"));
    expect((await signIn("ops-anna", PASSWORD, "192.0.2.67")).statusCode).toBe(200);
  });

  it("counts a burst of parallel guesses as it happens", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn("ops-anna", `burst ${i}`, `203.0.113.${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perUsername);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LOGIN_LIMITS.perUsername);
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
    await expect(createOperator(getDb(), "Ops Anna", PASSWORD)).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(createOperator(getDb(), "ops-anna", PASSWORD)).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(createOperator(getDb(), "ops-carl", "short")).rejects.toMatchObject({
      statusCode: 400,
    });
  });
}

describe("PGlite", () => passwordSuite(getPglite));

describePostgres("PostgreSQL", ({ db }) => {
  passwordSuite(db);
});
