// GET /profile/identity and POST /profile/identity/create on the real app and PGlite: every
// field validated, one submission under review at a time, retries never duplicate, rejection
// shows the reason and allows a new submission, approval makes the profile verified.
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { latestIdentityStatus } from "../../server/db/repositories/identity-repository";
import { getIdentity, identityBody, operatorPost, postIdentity } from "./helpers/identity";
import { pngImage } from "./helpers/images";
import { bearer, createUserSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";
import { uploadImage } from "./helpers/uploads";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });

async function submissionCount(): Promise<number> {
  const [row] = await getDb().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM identity_submissions",
  );
  return row?.n ?? 0;
}

async function submissionId(userId: string): Promise<string> {
  const [row] = await getDb().query<{ id: string }>(
    "SELECT id FROM identity_submissions WHERE user_id = $1 ORDER BY id DESC LIMIT 1",
    [userId],
  );
  return row?.id ?? "";
}

describe("validation", () => {
  it.each([
    ["name missing", { name: undefined }, '"name" is required'],
    ["idNumber missing", { idNumber: undefined }, '"idNumber" is required'],
    ["idType missing", { idType: undefined }, '"idType" is required'],
    ["photo missing", { photo: undefined }, '"photo" is required'],
    ["name empty", { name: "" }, '"name"'],
    ["name blank", { name: "   " }, '"name"'],
    ["name with a new line", { name: "Ada\nLovelace" }, '"name"'],
    ["name with a bidi override", { name: "Ada\u202eecalevoL" }, '"name"'],
    ["name too long", { name: "A".repeat(101) }, '"name"'],
    ["idNumber too short", { idNumber: "A12" }, '"idNumber"'],
    ["idNumber too long", { idNumber: "1".repeat(41) }, '"idNumber"'],
    ["idNumber with symbols", { idNumber: "AB<12>34" }, '"idNumber"'],
    ["idType 4", { idType: 4 }, '"idType"'],
    ["idType -1", { idType: -1 }, '"idType"'],
    ["idType 1.5", { idType: 1.5 }, '"idType"'],
    ["idType text", { idType: "passport" }, '"idType"'],
    ["photo not a uuid", { photo: "photo.jpg" }, '"photo"'],
    ["photo unknown", { photo: "00000000-0000-4000-8000-000000000000" }, '"photo"'],
    ["photo an object", { photo: { id: 1 } }, '"photo"'],
  ])("%s -> 400 VALIDATION naming the field", async (_, change, field) => {
    const user = await createUserSession(getDb());
    const merged = { ...(await identityBody(app, user)), ...change };
    // JSON drops undefined members, which is how a field goes missing.
    const body: unknown = JSON.parse(JSON.stringify(merged));
    const response = await postIdentity(app, user, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ HttpStatusCode: 400, Code: "VALIDATION" });
    expect(response.json<{ Message: string }>().Message).toContain(field);
    expect(await submissionCount()).toBe(0);
  });

  it("refuses another user's photo and a voucher as the photo", async () => {
    const user = await createUserSession(getDb());
    const other = await createUserSession(getDb());
    const theirs = await uploadImage(app, other, await pngImage(), "identity");
    const voucher = await uploadImage(app, user, await pngImage(), "voucher");
    for (const photo of [theirs.id, voucher.id]) {
      const body = { ...(await identityBody(app, user)), photo };
      const response = await postIdentity(app, user, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ Message: string }>().Message).toContain('"photo"');
    }
    expect(await submissionCount()).toBe(0);
  });

  it("needs a signed-in user", async () => {
    const anonymous = await app.inject({ method: "GET", url: `${API_BASE}/profile/identity` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("lifecycle", () => {
  it("answers null before any submission, then the masked submission under review", async () => {
    const user = await createUserSession(getDb());
    expect((await getIdentity(app, user)).json()).toMatchObject({ Data: null });

    const body = await identityBody(app, user);
    const created = await postIdentity(app, user, { ...body, name: "  Ada Lovelace " });
    expect(created.statusCode, created.body).toBe(200);
    const view = {
      status: 0,
      name: "Ada Lovelace",
      idNumber: "AB****67",
      idType: 1,
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      reviewedAt: null,
      reason: null,
    };
    expect(created.json()).toMatchObject({ HttpStatusCode: 200, Data: view });
    expect((await getIdentity(app, user)).json()).toMatchObject({ Data: view });
    // The full number never reaches the user's own answers (a glance at the phone, a log).
    expect(created.body).not.toContain("AB1234567");
  });

  it("allows one submission under review: another is 409, the same one again is not a duplicate", async () => {
    const user = await createUserSession(getDb());
    const body = await identityBody(app, user);
    const first = await postIdentity(app, user, body);
    expect(first.statusCode).toBe(200);

    const retry = await postIdentity(app, user, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());

    const another = await postIdentity(app, user, { ...body, idNumber: "ZZ9999999" });
    expect(another.statusCode, another.body).toBe(409);
    expect(another.json()).toMatchObject({ Code: "CONFLICT" });
    expect(another.json<{ Message: string }>().Message).toMatch(/already under review/);
    expect(await submissionCount()).toBe(1);
  });

  it("answers a retry with the same Idempotency-Key from the stored submission", async () => {
    const user = await createUserSession(getDb());
    const operator = await createUserSession(getDb(), { role: "operator" });
    const body = await identityBody(app, user);
    const key = { "idempotency-key": "outbox-7f3c" };
    const first = await postIdentity(app, user, body, key);
    expect(first.statusCode).toBe(200);

    const other = await postIdentity(app, user, { ...body, idType: 0 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });

    // Rejected while the answer was lost: the outbox's retry finds the rejection, and does not
    // quietly submit again.
    const id = await submissionId(user.userId);
    await operatorPost(app, operator, `/identity/${id}/reject`, { reason: "Blurry photo" });
    const retry = await postIdentity(app, user, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ Data: { status: 2, reason: "Blurry photo" } });
    expect(await submissionCount()).toBe(1);
  });

  it("shows the reason of a rejection and then accepts a new submission", async () => {
    const user = await createUserSession(getDb());
    const operator = await createUserSession(getDb(), { role: "operator" });
    const body = await identityBody(app, user);
    await postIdentity(app, user, body);

    const reason = "The photo is too dark to read the number";
    const rejected = await operatorPost(
      app,
      operator,
      `/identity/${await submissionId(user.userId)}/reject`,
      { reason },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const seen = (await getIdentity(app, user)).json();
    expect(seen).toMatchObject({ Data: { status: 2, reason, reviewedAt: expect.any(String) } });

    const again = await postIdentity(app, user, { ...body, idType: 0 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ Data: { status: 0, idType: 0, reason: null } });
    expect(await submissionCount()).toBe(2);
  });

  it("approval passes the user: profile verified 1, and no new submission after that", async () => {
    const user = await createUserSession(getDb());
    const operator = await createUserSession(getDb(), { role: "operator" });
    const body = await identityBody(app, user);
    await postIdentity(app, user, body);
    const approved = await operatorPost(
      app,
      operator,
      `/identity/${await submissionId(user.userId)}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(200);

    expect((await getIdentity(app, user)).json()).toMatchObject({ Data: { status: 1 } });
    expect(await latestIdentityStatus(getDb(), user.userId)).toBe(1);
    const profile = await app.inject({
      method: "GET",
      url: `${API_BASE}/profile/profile`,
      headers: bearer(user),
    });
    expect(profile.json()).toMatchObject({ Data: { verified: 1 } });

    const again = await postIdentity(app, user, { ...body, idType: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ Message: string }>().Message).toMatch(/already verified/);
  });
});
