// GET /sync on the real app (PGlite, and PostgreSQL when DATABASE_URL is set): pages and
// cursors, superseded entries skipped, a baseline for accounts older than the change log, bad
// cursors answered clearly and changing nothing, and every private change recorded — identity
// decisions, lock/unlock, a new wallet user — visible to its user only.
import { beforeEach, describe, expect, it } from "vitest";
import type { Message } from "../../protocol/messages";
import { API_BASE } from "../../protocol/paths";
import { SYNC_PAGE_LIMIT } from "../../protocol/sync";
import type { Db, Tx } from "../../server/db/db";
import { createMessage } from "../../server/domain/messages/create-message";
import { sendOperatorMessage } from "../../server/domain/messages/operator-message";
import { identityBody, operatorPost, postIdentity } from "./helpers/identity";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { ALICE, signInAs } from "./helpers/siwe";
import { getSync, headCount, keys, legacyData, logRows, syncAll, syncPage } from "./helpers/sync";
import { useTestApp } from "./helpers/test-app";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

const getPglite = usePglite();
const CLI = { id: null, label: "cli:test" };

function syncSuite(getDb: () => Db) {
  const app = useTestApp(getDb, { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });

  const get = async <T>(session: TestSession, url: string): Promise<T> => {
    const response = await app.inject({ url: `${API_BASE}${url}`, headers: bearer(session) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ Data: T }>().Data;
  };
  const send = (user: TestSession, title: string) =>
    sendOperatorMessage(getDb(), CLI, { address: user.address ?? "", title, body: `${title}.` });

  it("needs a signed-in user", async () => {
    const response = await app.inject({ url: `${API_BASE}/sync` });
    expect(response.statusCode).toBe(401);
  });

  it("writes a baseline for an account older than the change log: profile, identity, messages", async () => {
    const user = await createUserSession(getDb());
    const ids = await legacyData(getDb(), user.userId, 2);
    expect(await logRows(getDb(), user.userId)).toEqual([]);

    const page = await syncPage(app, user);
    expect(keys(page.changes)).toEqual([
      `profile:${user.userId}`,
      "identity:current",
      `message:${ids[0]}`,
      `message:${ids[1]}`,
    ]);
    expect(page).toMatchObject({ cursor: "4", hasMore: false });
    // Each entity as its own GET answers it.
    expect(page.changes[0]?.data).toEqual(await get(user, "/profile/profile"));
    expect(page.changes[1]?.data).toEqual(await get(user, "/profile/identity"));
    expect(page.changes[2]).toMatchObject({
      op: "put",
      data: { id: ids[0], title: "Old message 1", read: false, kind: null, params: {} },
    });
    expect((page.changes[2]?.data as Message).body).toBe("Written before the change log (1).");

    // Nothing new after the cursor; and an empty cursor again does not write a second baseline.
    expect(await syncPage(app, user, "4")).toEqual({ changes: [], cursor: "4", hasMore: false });
    expect(keys((await syncPage(app, user, "")).changes)).toHaveLength(4);
    expect(await logRows(getDb(), user.userId)).toHaveLength(4);
  });

  it("writes the baseline before the first recorded change of an old account", async () => {
    const user = await createUserSession(getDb());
    const [old] = await legacyData(getDb(), user.userId, 1);
    const sent = await send(user, "Hello");
    const { changes } = await syncAll(app, user);
    // The baseline (profile, identity, the old message and the new one), then the new message
    // again (superseding its baseline copy, so it appears once).
    expect(keys(changes)).toEqual([
      `profile:${user.userId}`,
      "identity:current",
      `message:${old}`,
      `message:${sent.message.id}`,
    ]);
  });

  it("gives a device starting from nothing each entity's current state once", async () => {
    const user = await createUserSession(getDb());
    expect((await syncPage(app, user)).cursor).toBe("1"); // the baseline: the profile
    const first = await send(user, "First");
    const second = await send(user, "Second");
    await get(user, `/profile/message/${first.message.id}`); // opens it: read

    const rows = await logRows(getDb(), user.userId);
    expect(rows.map((r) => `${r.seq} ${r.entity}:${r.entity_id}`)).toEqual([
      `1 profile:${user.userId}`,
      `2 message:${first.message.id}`,
      `3 message:${second.message.id}`,
      `4 message:${first.message.id}`,
    ]);
    const fresh = await syncPage(app, user, "");
    expect(keys(fresh.changes)).toEqual([
      `profile:${user.userId}`,
      `message:${second.message.id}`,
      `message:${first.message.id}`,
    ]);
    expect(fresh.changes[2]?.data).toMatchObject({ id: first.message.id, read: true });
    expect(fresh.cursor).toBe("4");
    // A device that had seen the first 2 entries gets the rest, in order.
    expect(keys((await syncPage(app, user, "2")).changes)).toEqual([
      `message:${second.message.id}`,
      `message:${first.message.id}`,
    ]);
  });

  it(`pages with hasMore through more than ${SYNC_PAGE_LIMIT} entries`, async () => {
    const user = await createUserSession(getDb());
    const total = 2 * SYNC_PAGE_LIMIT + 30;
    await syncPage(app, user); // the baseline (the profile) first, so the seqs are plain
    await getDb().transaction(async (tx) => {
      for (let i = 0; i < total; i++) {
        await sendMessageIn(tx, user, i);
      }
    });
    const page1 = await syncPage(app, user);
    expect(page1.changes).toHaveLength(SYNC_PAGE_LIMIT);
    expect(page1).toMatchObject({ cursor: String(SYNC_PAGE_LIMIT), hasMore: true });
    const page2 = await syncPage(app, user, page1.cursor);
    expect(page2).toMatchObject({ cursor: String(2 * SYNC_PAGE_LIMIT), hasMore: true });
    const page3 = await syncPage(app, user, page2.cursor);
    // The baseline's profile + `total` messages = total + 1 entries.
    expect(page3.changes).toHaveLength(total + 1 - 2 * SYNC_PAGE_LIMIT);
    expect(page3).toMatchObject({ cursor: String(total + 1), hasMore: false });
    const all = [...page1.changes, ...page2.changes, ...page3.changes];
    expect(new Set(keys(all)).size).toBe(total + 1);
  });

  it.each([
    ["negative", "-1"],
    ["not a number", "abc"],
    ["a fraction", "1.5"],
    ["leading zero", "01"],
    ["too long", "1".repeat(19)],
    ["spaces", " 1"],
  ])("refuses a cursor that is %s with 400 VALIDATION and writes nothing", async (_, cursor) => {
    const user = await createUserSession(getDb());
    const response = await getSync(app, user, cursor);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ HttpStatusCode: 400, Code: "VALIDATION" });
    expect(response.json<{ Message: string }>().Message).toContain('"cursor"');
    expect(await headCount(getDb())).toBe(0);
  });

  it("refuses a repeated cursor parameter", async () => {
    const user = await createUserSession(getDb());
    const response = await app.inject({
      url: `${API_BASE}/sync?cursor=1&cursor=2`,
      headers: bearer(user),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await headCount(getDb())).toBe(0);
  });

  it("says when a cursor is ahead of the change log (a device from another database)", async () => {
    const fresh = await createUserSession(getDb());
    const ahead = await getSync(app, fresh, "5");
    expect(ahead.statusCode, ahead.body).toBe(400);
    expect(ahead.json()).toMatchObject({ Code: "VALIDATION" });
    expect(ahead.json<{ Message: string }>().Message).toContain(
      "cursor is ahead of this account's change log",
    );
    // Checked before the baseline: the bad request wrote nothing.
    expect(await headCount(getDb())).toBe(0);

    await syncPage(app, fresh);
    const stillAhead = await getSync(app, fresh, "2");
    expect(stillAhead.statusCode).toBe(400);
    expect(await syncPage(app, fresh, "1")).toMatchObject({ changes: [], cursor: "1" });
  });

  it("never shows one user's changes to another", async () => {
    const [a, b] = [await createUserSession(getDb()), await createUserSession(getDb())];
    await legacyData(getDb(), a.userId, 3);
    await send(a, "For A only");
    await syncAll(app, a);
    const { changes } = await syncAll(app, b);
    expect(keys(changes)).toEqual([`profile:${b.userId}`]);
    expect(JSON.stringify(changes)).not.toContain("For A only");
    // B's cursors index B's log only: A's head is no cursor of B's.
    expect((await getSync(app, b, "5")).statusCode).toBe(400);
  });

  it("records an approval: identity, profile and an identity-passed message", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    expect((await postIdentity(app, user, await identityBody(app, user))).statusCode).toBe(200);
    const before = await syncAll(app, user);
    const id = await submissionId(getDb(), user.userId);
    expect((await operatorPost(app, operator, `/identity/${id}/approve`)).statusCode).toBe(200);

    const after = await syncPage(app, user, before.cursor);
    expect(after.changes.map((c) => c.entity)).toEqual(["identity", "profile", "message"]);
    expect(after.changes[0]?.data).toMatchObject({ status: 1, reason: null });
    expect(after.changes[1]?.data).toMatchObject({ verified: 1, creditLevel: 1 });
    expect(after.changes[2]?.data).toMatchObject({
      kind: "identity-passed",
      params: {},
      title: "Identity verified",
      read: false,
    });
  });

  it("records a rejection with the reason in the message's params", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    await postIdentity(app, user, await identityBody(app, user));
    const before = await syncAll(app, user);
    const id = await submissionId(getDb(), user.userId);
    const reason = "The photo is blurred";
    expect(
      (await operatorPost(app, operator, `/identity/${id}/reject`, { reason })).statusCode,
    ).toBe(200);
    const after = await syncPage(app, user, before.cursor);
    expect(after.changes.map((c) => c.entity)).toEqual(["identity", "profile", "message"]);
    expect(after.changes[0]?.data).toMatchObject({ status: 2, reason });
    expect(after.changes[1]?.data).toMatchObject({ verified: 2 });
    const message = after.changes[2]?.data as Message;
    expect(message).toMatchObject({ kind: "identity-rejected", params: { reason } });
    expect(message.body).toContain(reason);
  });

  it("records lock and unlock in the profile; a locked user cannot sync", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    const start = await syncAll(app, user);
    await operatorPost(app, operator, `/users/${user.address}/lock`);
    expect((await getSync(app, user, start.cursor)).statusCode).toBe(403);
    await operatorPost(app, operator, `/users/${user.address}/unlock`);
    // Locking twice changes nothing, so records nothing either.
    await operatorPost(app, operator, `/users/${user.address}/unlock`);
    const rows = await logRows(getDb(), user.userId);
    expect(rows.map((r) => r.entity)).toEqual(["profile", "profile", "profile"]);
    const after = await syncPage(app, user, start.cursor);
    expect(keys(after.changes)).toEqual([`profile:${user.userId}`]);
    expect(after.changes[0]?.data).toMatchObject({ locked: false });
  });

  it("starts a new wallet user's log with the profile and a welcome message", async () => {
    const token = await signInAs(app, ALICE);
    const { changes, cursor } = await syncAll(app, { token });
    expect(changes.map((c) => c.entity)).toEqual(["profile", "message"]);
    expect(changes[0]?.data).toMatchObject({ address: ALICE.address, verified: null });
    expect(changes[1]?.data).toMatchObject({ kind: "welcome", read: false });
    expect(cursor).toBe("2");
    // Signing in again creates nothing.
    await signInAs(app, ALICE);
    expect((await syncPage(app, { token }, cursor)).changes).toEqual([]);
  });
}

async function sendMessageIn(tx: Tx, user: TestSession, i: number) {
  await createMessage(tx, {
    userId: user.userId,
    kind: null,
    params: {},
    title: `Bulk ${i}`,
    body: `Message number ${i}.`,
    senderId: null,
  });
}

async function submissionId(db: Db, userId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    "SELECT id FROM identity_submissions WHERE user_id = $1 ORDER BY id DESC LIMIT 1",
    [userId],
  );
  return row?.id ?? "";
}

describe("PGlite", () => {
  beforeEach(async () => {
    await resetDb(getPglite());
  });
  syncSuite(getPglite);
});

describePostgres("PostgreSQL", ({ db }) => {
  beforeEach(async () => {
    await resetDb(db());
  });
  syncSuite(db);
});
