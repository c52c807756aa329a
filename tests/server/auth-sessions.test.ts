// Sessions after sign-in: logout, idle and absolute expiry, locked accounts, and the profile.
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { SESSION_IDLE_SECONDS } from "../../server/domain/auth/tokens";
import { useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";
import { ALICE, bearer, signInAs } from "./helpers/siwe";

const getPglite = usePglite();
const PROFILE = `${API_BASE}/profile/profile`;
const LOGOUT = `${API_BASE}/auth/logout`;

function sessionSuite(getDb: () => Db) {
  const app = useTestApp(getDb, { resetDbBeforeEach: true });

  const profile = (token: string) => app.inject({ url: PROFILE, headers: bearer(token) });

  it("logout revokes the token it was called with, and only that one", async () => {
    const token = await signInAs(app, ALICE);
    const other = await signInAs(app, ALICE);
    const response = await app.inject({ method: "POST", url: LOGOUT, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ HttpStatusCode: 200, Message: "OK", Data: null });
    const after = await profile(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ Code: "UNAUTHORIZED" });
    expect(
      (await app.inject({ method: "POST", url: LOGOUT, headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect((await profile(other)).statusCode).toBe(200);
  });

  it("accepts a bare token too, and refuses none, junk or an unknown token", async () => {
    const token = await signInAs(app, ALICE);
    const bare = await app.inject({ url: PROFILE, headers: { authorization: token } });
    expect(bare.statusCode).toBe(200);
    for (const authorization of [undefined, "Bearer", "Bearer !!!", `Bearer ${"A".repeat(43)}`]) {
      const response = await app.inject({
        url: PROFILE,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ Code: "UNAUTHORIZED" });
    }
  });

  it("ends a session left idle too long, and keeps a used one alive", async () => {
    const idle = await signInAs(app, ALICE);
    const used = await signInAs(app, ALICE);
    const ago = (seconds: number) => `now() - make_interval(secs => ${seconds})`;
    await getDb().query(
      `UPDATE sessions SET last_seen_at = ${ago(SESSION_IDLE_SECONDS + 5)}
        WHERE id = (SELECT min(id) FROM sessions)`,
    );
    await getDb().query(
      `UPDATE sessions SET last_seen_at = ${ago(SESSION_IDLE_SECONDS - 60)}
        WHERE id = (SELECT max(id) FROM sessions)`,
    );
    expect((await profile(idle)).statusCode).toBe(401);
    expect((await profile(used)).statusCode).toBe(200);
    // Using it moved last_seen_at forward, so it has a full idle period again.
    const [row] = await getDb().query<{ recent: boolean }>(
      "SELECT last_seen_at > now() - interval '1 minute' AS recent FROM sessions WHERE id = (SELECT max(id) FROM sessions)",
    );
    expect(row?.recent).toBe(true);
  });

  it("ends a session at its absolute expiry even while in use", async () => {
    const token = await signInAs(app, ALICE);
    await getDb().query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    expect((await profile(token)).statusCode).toBe(401);
  });

  it("answers 403 ACCOUNT_LOCKED to a locked user, and works again after an unlock", async () => {
    const token = await signInAs(app, ALICE);
    await getDb().query("UPDATE users SET locked = true");
    for (const request of [{ url: PROFILE }, { method: "POST" as const, url: LOGOUT }]) {
      const response = await app.inject({ ...request, headers: bearer(token) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ HttpStatusCode: 403, Code: "ACCOUNT_LOCKED" });
    }
    await getDb().query("UPDATE users SET locked = false");
    expect((await profile(token)).statusCode).toBe(200);
  });

  it("reports the latest identity status and the credit level it gives", async () => {
    const token = await signInAs(app, ALICE);
    const read = async () =>
      ((await profile(token)).json() as { Data: { verified: unknown; creditLevel: unknown } }).Data;
    expect(await read()).toMatchObject({ verified: null, creditLevel: 0 });

    await getDb().query(
      `INSERT INTO uploads (user_id, purpose, mime, size, width, height, sha256)
       SELECT id, 'identity', 'image/jpeg', 1000, 10, 10, repeat('a', 64) FROM users`,
    );
    const submit = `INSERT INTO identity_submissions (user_id, name, id_number, id_type, photo_upload_id)
       SELECT u.id, 'Alice', 'X1234567', 0, p.id FROM users u, uploads p`;
    await getDb().query(submit);
    expect(await read()).toMatchObject({ verified: 0, creditLevel: 0 });
    await getDb().query(
      "UPDATE identity_submissions SET status = 2, reason = 'blurred', reviewed_at = now()",
    );
    expect(await read()).toMatchObject({ verified: 2, creditLevel: 0 });
    await getDb().query(submit);
    await getDb().query(
      "UPDATE identity_submissions SET status = 1, reviewed_at = now() WHERE status = 0",
    );
    expect(await read()).toMatchObject({ verified: 1, creditLevel: 1 });
  });
}

describe("PGlite", () => sessionSuite(getPglite));

describePostgres("PostgreSQL", ({ db }) => {
  sessionSuite(db);
});
