// The operator API (/admin) on the real app and PGlite: operators only, review decisions once,
// lock/unlock with immediate effect, and an audit row for every action in its transaction.
import { describe, expect, it } from "vitest";
import {
  AUDIT_FILTER_MAX_LENGTH,
  USER_LOCK_REASON_MAX_LENGTH,
  type AdminIdentityItem,
  type AuditItem,
} from "../../protocol/admin";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { identityBody, operatorPost, postIdentity } from "./helpers/identity";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });

const adminGet = (session: { token: string } | null, url: string) =>
  app.inject({
    method: "GET",
    url: `${API_BASE}/admin${url}`,
    headers: session ? bearer(session) : {},
  });

async function submitFor(user: TestSession): Promise<string> {
  const response = await postIdentity(app, user, await identityBody(app, user));
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await getDb().query<{ id: string }>(
    "SELECT id FROM identity_submissions WHERE user_id = $1 ORDER BY id DESC LIMIT 1",
    [user.userId],
  );
  return row?.id ?? "";
}

async function auditRows() {
  return getDb().query<Record<string, unknown>>(
    "SELECT actor_id, actor_label, action, target_kind, target_id, detail FROM audit_log ORDER BY id",
  );
}

describe("access", () => {
  const routes = [
    ["GET", "/identity"],
    ["GET", "/identity?status=9"],
    ["POST", "/identity/1/approve"],
    ["POST", "/identity/1/reject"],
    ["POST", "/users/0x0000000000000000000000000000000000000001/lock"],
    ["POST", "/users/not-an-address/unlock"],
    ["GET", "/audit"],
  ] as const;

  it.each(routes)("%s %s: a user token gets 403, no token 401", async (method, url) => {
    const user = await createUserSession(getDb());
    const asUser = await app.inject({
      method,
      url: `${API_BASE}/admin${url}`,
      headers: bearer(user),
      ...(method === "POST" ? { payload: { reason: "x" } } : {}),
    });
    expect(asUser.statusCode, asUser.body).toBe(403);
    expect(asUser.json()).toMatchObject({ HttpStatusCode: 403, Code: "FORBIDDEN" });
    const anonymous = await app.inject({ method, url: `${API_BASE}/admin${url}` });
    expect(anonymous.statusCode).toBe(401);
    expect(await auditRows()).toEqual([]);
  });

  it("a locked operator gets 403 ACCOUNT_LOCKED", async () => {
    const operator = await createUserSession(getDb(), { role: "operator", locked: true });
    const response = await adminGet(operator, "/audit");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Code: "ACCOUNT_LOCKED" });
  });
});

describe("identity review", () => {
  it("lists submissions by status with the owner, the full ID number and the photo", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await createUserSession(getDb()));
    const ids = [];
    for (const user of users) ids.push(await submitFor(user));
    await operatorPost(app, operator, `/identity/${ids[1]}/approve`);

    const queue = await adminGet(operator, "/identity?status=0&limit=1");
    expect(queue.statusCode, queue.body).toBe(200);
    const page1 = queue.json<{ Data: ListPage<AdminIdentityItem> }>().Data;
    // The queue is first come, first served.
    expect(page1.items.map((i) => i.id)).toEqual([ids[0]]);
    expect(page1.items[0]).toMatchObject({
      userId: users[0]?.userId,
      address: users[0]?.address,
      status: 0,
      name: "Ada Lovelace",
      idNumber: "AB1234567",
      idType: 1,
      reviewedAt: null,
      reason: null,
    });
    expect(page1.nextCursor).toBe(ids[0]);
    const page2 = (
      await adminGet(operator, `/identity?status=0&limit=1&cursor=${page1.nextCursor}`)
    ).json<{ Data: ListPage<AdminIdentityItem> }>().Data;
    expect(page2.items.map((i) => i.id)).toEqual([ids[2]]);
    expect(page2.nextCursor).toBeNull();

    const passed = (await adminGet(operator, "/identity?status=1")).json<{
      Data: ListPage<AdminIdentityItem>;
    }>().Data;
    expect(passed.items.map((i) => [i.id, i.reviewerId])).toEqual([[ids[1], operator.userId]]);
    const all = (await adminGet(operator, "/identity")).json<{
      Data: ListPage<AdminIdentityItem>;
    }>().Data;
    expect(all.items.map((i) => i.id)).toEqual([...ids].reverse());

    // The photo link works for the operator (and only for owner and operators).
    const photo = await app.inject({
      method: "GET",
      url: page1.items[0]?.photoUrl ?? "",
      headers: bearer(operator),
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
  });

  it.each([
    ["status", "/identity?status=3"],
    ["limit", "/identity?limit=0"],
    ["limit", "/identity?limit=101"],
    ["cursor", "/identity?cursor=abc"],
    ["cursor", "/audit?cursor=99999999999999999999"],
  ])("refuses a bad %s with 400", async (_, url) => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const response = await adminGet(operator, url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Code: "VALIDATION" });
  });

  it("decides a submission once: approve, then approve or reject again is 409", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    const id = await submitFor(user);
    const approved = await operatorPost(app, operator, `/identity/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      Data: { id, status: 1, reviewerId: operator.userId, reviewedAt: expect.any(String) },
    });
    for (const [url, body] of [
      [`/identity/${id}/approve`, undefined],
      [`/identity/${id}/reject`, { reason: "changed my mind" }],
    ] as const) {
      const again = await operatorPost(app, operator, url, body);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ Code: "CONFLICT" });
    }
    expect((await operatorPost(app, operator, "/identity/999999/approve")).statusCode).toBe(404);
    // Only the one decision that happened is in the log.
    expect((await auditRows()).map((r) => r.action)).toEqual(["identity.approve"]);
  });

  it.each([
    ["no body", undefined],
    ["no reason", {}],
    ["an empty reason", { reason: "" }],
    ["a blank reason", { reason: "   " }],
    ["a reason over 500 characters", { reason: "x".repeat(501) }],
    ["a reason that is not text", { reason: { text: "x" } }],
  ])("a rejection needs a reason: %s -> 400", async (_, body) => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const id = await submitFor(await createUserSession(getDb()));
    const response = await operatorPost(app, operator, `/identity/${id}/reject`, body);
    expect(response.statusCode, response.body).toBe(400);
    const [row] = await getDb().query<{ status: number }>(
      "SELECT status FROM identity_submissions WHERE id = $1",
      [id],
    );
    expect(row?.status).toBe(0);
    expect(await auditRows()).toEqual([]);
  });
});

describe("lock and unlock", () => {
  it("a locked user gets 403 ACCOUNT_LOCKED at once; unlocking restores the same session", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    const call = () =>
      app.inject({ method: "GET", url: `${API_BASE}/profile/identity`, headers: bearer(user) });
    expect((await call()).statusCode).toBe(200);

    // Any case is accepted; the stored address is lower-case.
    const address = user.address?.toUpperCase().replace(/^0X/, "0x") ?? "";
    const locked = await operatorPost(app, operator, `/users/${address}/lock`);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({
      Data: { userId: user.userId, address: user.address, locked: true, changed: true },
    });
    const refused = await call();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: "ACCOUNT_LOCKED" });

    const again = await operatorPost(app, operator, `/users/${user.address}/lock`);
    expect(again.json()).toMatchObject({ Data: { locked: true, changed: false } });

    const unlocked = await operatorPost(app, operator, `/users/${user.address}/unlock`);
    expect(unlocked.json()).toMatchObject({ Data: { locked: false, changed: true } });
    expect((await call()).statusCode).toBe(200);

    const unknown = await operatorPost(
      app,
      operator,
      "/users/0x00000000000000000000000000000000000000ff/lock",
    );
    expect(unknown.statusCode).toBe(404);
    expect((await operatorPost(app, operator, "/users/0x1234/lock")).statusCode).toBe(400);
  });

  it("refuses a bad reason and changes nothing: not locked, no audit row", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    const bad: [object, string, string][] = [
      [{ reason: "   " }, "reason", "required"],
      [{ reason: "x".repeat(USER_LOCK_REASON_MAX_LENGTH + 1) }, "reason", "at-most"],
      [{ reason: 42 }, "reason", "format"],
      [{ reason: "ok", extra: 1 }, "extra", "not-allowed"],
      [["ok"], "body", "format"],
    ];
    for (const [body, field, rule] of bad) {
      const response = await operatorPost(app, operator, `/users/${user.address}/lock`, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ Code: "VALIDATION", Params: { field, rule } });
    }
    const [row] = await getDb().query<{ locked: boolean }>(
      "SELECT locked FROM users WHERE id = $1",
      [user.userId],
    );
    expect(row?.locked).toBe(false);
    expect(await auditRows()).toEqual([]);

    // The longest reason is accepted, as given.
    const longest = "y".repeat(USER_LOCK_REASON_MAX_LENGTH);
    const locked = await operatorPost(app, operator, `/users/${user.address}/lock`, {
      reason: longest,
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect((await auditRows())[0]?.detail).toMatchObject({ reason: longest });
  });
});

describe("audit log", () => {
  it("records who did what to what, and lists it newest first", async () => {
    const operator = await createUserSession(getDb(), { role: "operator", username: "olga" });
    const user = await createUserSession(getDb());
    const first = await submitFor(user);
    await operatorPost(app, operator, `/identity/${first}/reject`, { reason: " Blurry " });
    const second = await submitFor(user);
    await operatorPost(app, operator, `/identity/${second}/approve`);
    await operatorPost(app, operator, `/users/${user.address}/lock`, { reason: " Fraud report " });
    await operatorPost(app, operator, `/users/${user.address}/unlock`);

    const actor = { actor_id: operator.userId, actor_label: "operator:olga" };
    expect(await auditRows()).toEqual([
      {
        ...actor,
        action: "identity.reject",
        target_kind: "identity_submission",
        target_id: first,
        detail: { userId: user.userId, reason: "Blurry" },
      },
      {
        ...actor,
        action: "identity.approve",
        target_kind: "identity_submission",
        target_id: second,
        detail: { userId: user.userId },
      },
      {
        ...actor,
        action: "user.lock",
        target_kind: "user",
        target_id: user.userId,
        detail: { address: user.address, changed: true, reason: "Fraud report" },
      },
      {
        ...actor,
        action: "user.unlock",
        target_kind: "user",
        target_id: user.userId,
        detail: { address: user.address, changed: true, reason: null },
      },
    ]);

    const page = (await adminGet(operator, "/audit?limit=3")).json<{
      Data: ListPage<AuditItem>;
    }>().Data;
    expect(page.items.map((i) => i.action)).toEqual([
      "user.unlock",
      "user.lock",
      "identity.approve",
    ]);
    expect(page.items[0]).toMatchObject({
      actorId: operator.userId,
      actorLabel: "operator:olga",
      targetKind: "user",
      targetId: user.userId,
      createdAt: expect.stringMatching(/Z$/),
    });
    const rest = (await adminGet(operator, `/audit?cursor=${page.nextCursor}`)).json<{
      Data: ListPage<AuditItem>;
    }>().Data;
    expect(rest.items.map((i) => i.action)).toEqual(["identity.reject"]);
    expect(rest.nextCursor).toBeNull();

    // Filters are the server's: exactly the rows with that action and/or that actor label.
    const other = await createUserSession(getDb(), { role: "operator", username: "piet" });
    await operatorPost(app, other, `/users/${user.address}/lock`, { reason: "Again" });
    const filtered = async (query: string) =>
      (await adminGet(operator, `/audit?${query}`)).json<{ Data: ListPage<AuditItem> }>().Data;
    const locks = await filtered("action=user.lock");
    expect(locks.items.map((i) => [i.action, i.actorLabel])).toEqual([
      ["user.lock", "operator:piet"],
      ["user.lock", "operator:olga"],
    ]);
    const olga = await filtered("actor=operator%3Aolga&limit=10");
    expect(olga.items.map((i) => i.action)).toEqual([
      "user.unlock",
      "user.lock",
      "identity.approve",
      "identity.reject",
    ]);
    const both = await filtered("action=user.lock&actor=operator%3Apiet");
    expect(both.items.map((i) => i.detail)).toEqual([
      { address: user.address, changed: true, reason: "Again" },
    ]);
    expect((await filtered("action=user.lock&actor=nobody")).items).toEqual([]);
    // Paging keeps the filter: the cursor continues within the matching rows.
    const firstLock = await filtered("action=user.lock&limit=1");
    const nextLock = await filtered(`action=user.lock&limit=1&cursor=${firstLock.nextCursor}`);
    expect(nextLock.items.map((i) => i.actorLabel)).toEqual(["operator:olga"]);
    expect(nextLock.nextCursor).toBeNull();
    for (const bad of ["action=", `actor=${"a".repeat(AUDIT_FILTER_MAX_LENGTH + 1)}`]) {
      expect((await adminGet(operator, `/audit?${bad}`)).statusCode, bad).toBe(400);
    }

    // Append-only: the schema itself refuses to rewrite history.
    await expect(getDb().query("UPDATE audit_log SET action = 'x'")).rejects.toThrow(/append-only/);
    await expect(getDb().query("DELETE FROM audit_log")).rejects.toThrow(/append-only/);
  });
});
