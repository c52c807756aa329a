// Operators' user search, user detail (balances as the user's own /assets reads them, sessions
// without tokens, lock with its reason), the user's bills, and messages to every user — on the
// real app, on PGlite and (with DATABASE_URL) on PostgreSQL. Bad input is 400 and changes nothing;
// a support or reviewer operator cannot message everyone.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminUserDetail, AdminUserItem, MessageBroadcast } from "../../protocol/admin-users";
import type { Bill } from "../../protocol/ledger";
import type { ListPage } from "../../protocol/list";
import { MESSAGE_LIMITS, type MessageItem } from "../../protocol/messages";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { commandFromJson, parseAdminArgs, runAdminCommand } from "../../server/cli/admin-commands";
import { describeResult } from "../../server/cli/describe-result";
import { cliActor } from "../../server/domain/operators/operator-actor";
import { demoCredit } from "../../server/domain/wallet/demo-credit";
import { operatorPost } from "./helpers/identity";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

type Inject = ReturnType<typeof useTestApp>;

function usersSuite(getDb: () => Db, app: Inject): void {
  const get = (session: { token: string }, url: string) =>
    app.inject({ method: "GET", url: `${API_BASE}${url}`, headers: bearer(session) });
  const data = <T>(response: { statusCode: number; body: string; json<U>(): U }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ Data: T }>().Data;
  };
  const count = async (table: string) => {
    const [row] = await getDb().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    return row?.n ?? -1;
  };
  const fund = (user: TestSession, amount: string) =>
    demoCredit(getDb(), {
      mode: "demo",
      userId: user.userId,
      amount,
      idempotencyKey: randomUUID(),
    });

  describe("search", () => {
    it("finds by a whole address or its start, any case, newest first, paged", async () => {
      const op = await createUserSession(getDb(), { role: "support" });
      const a = await createUserSession(getDb(), { address: `0xabc1${"0".repeat(36)}` });
      const b = await createUserSession(getDb(), { address: `0xabc2${"1".repeat(36)}` });
      const c = await createUserSession(getDb(), { address: `0xdef0${"2".repeat(36)}` });
      const all = data<ListPage<AdminUserItem>>(await get(op, "/admin/users"));
      expect(all.items.map((u) => u.address)).toEqual([c.address, b.address, a.address]);

      const page1 = data<ListPage<AdminUserItem>>(
        await get(op, "/admin/users?address=ABC&limit=1"),
      );
      expect(page1.items.map((u) => u.address)).toEqual([b.address]);
      expect(page1.nextCursor).toBe(b.userId);
      const page2 = data<ListPage<AdminUserItem>>(
        await get(op, `/admin/users?address=0xAbC&limit=1&cursor=${page1.nextCursor}`),
      );
      expect(page2.items.map((u) => u.address)).toEqual([a.address]);
      expect(page2.nextCursor).toBeNull();

      const whole = data<ListPage<AdminUserItem>>(
        await get(
          op,
          `/admin/users?address=${(c.address ?? "").toUpperCase().replace("0X", "0x")}`,
        ),
      );
      expect(whole.items).toEqual([
        expect.objectContaining({ address: c.address, locked: false, lock: null, identity: null }),
      ]);
    });

    it.each([
      ["not hex", "0xzz"],
      ["too long", `0x${"a".repeat(41)}`],
      ["a space", "0x ab"],
    ])("refuses an address that is %s with 400 VALIDATION", async (_what, address) => {
      const op = await createUserSession(getDb(), { role: "support" });
      const response = await get(op, `/admin/users?address=${encodeURIComponent(address)}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ Code: "VALIDATION", Params: { field: "address" } });
    });

    it("shows a lock with the reason the operator gave, and the identity status", async () => {
      const op = await createUserSession(getDb(), { role: "operator" });
      const user = await createUserSession(getDb(), { verified: true });
      const locked = await operatorPost(app, op, `/users/${user.address}/lock`, {
        reason: "chargeback",
      });
      expect(locked.statusCode, locked.body).toBe(200);
      const [item] = data<ListPage<AdminUserItem>>(
        await get(op, `/admin/users?address=${user.address}`),
      ).items;
      expect(item).toMatchObject({ locked: true, identity: 1, lock: { reason: "chargeback" } });
      expect(item?.lock?.lockedBy).toMatch(/^operator:/);
      await operatorPost(app, op, `/users/${user.address}/unlock`, { reason: "resolved" });
      const [after] = data<ListPage<AdminUserItem>>(
        await get(op, `/admin/users?address=${user.address}`),
      ).items;
      expect(after).toMatchObject({ locked: false, lock: null });
    });
  });

  describe("detail and bills", () => {
    it("reads balances exactly as the user's own overview, sessions without tokens", async () => {
      const op = await createUserSession(getDb(), { role: "support" });
      const user = await createUserSession(getDb());
      await fund(user, "125.5");
      await fund(user, "10");
      const detail = data<AdminUserDetail>(await get(op, `/admin/users/${user.address}`));
      const own = data<unknown>(await get(user, "/assets/overview"));
      expect(detail.assets).toEqual(own);
      expect(detail.assets.usdt).toMatchObject({ available: "135.5", frozen: "0" });
      expect(detail.user).toMatchObject({ address: user.address, locked: false });
      expect(detail.sessions).toHaveLength(1);
      expect(detail.sessions[0]).toMatchObject({ live: true, revokedAt: null });
      expect(JSON.stringify(detail)).not.toContain(user.token);
      expect(Object.keys(detail.sessions[0] ?? {}).join()).not.toMatch(/token|hash/i);

      const page = data<ListPage<Bill>>(
        await get(op, `/admin/users/${user.address}/bills?limit=1`),
      );
      const ownBills = data<ListPage<Bill>>(await get(user, "/assets/bills?limit=1"));
      expect(page).toEqual(ownBills);
      expect(page.nextCursor).not.toBeNull();
      const rest = data<ListPage<Bill>>(
        await get(op, `/admin/users/${user.address}/bills?cursor=${page.nextCursor}`),
      );
      expect(rest.items).toHaveLength(1);
      expect(rest.nextCursor).toBeNull();
    });

    it("answers 404 for an unknown address and 400 for a malformed one", async () => {
      const op = await createUserSession(getDb(), { role: "support" });
      const unknown = `0x${"9".repeat(40)}`;
      for (const url of [`/admin/users/${unknown}`, `/admin/users/${unknown}/bills`]) {
        const response = await get(op, url);
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toMatchObject({ Code: "NOT_FOUND" });
      }
      const bad = await get(op, "/admin/users/0x1234");
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ Code: "VALIDATION", Params: { field: "address" } });
    });
  });

  describe("messages to all users", () => {
    const broadcast = (op: { token: string }, body: object) =>
      operatorPost(app, op, "/messages/all", body);

    it("reaches every wallet user existing now, audited in the same transaction", async () => {
      const op = await createUserSession(getDb(), { role: "operator" });
      const users = [await createUserSession(getDb()), await createUserSession(getDb())];
      const sent = data<MessageBroadcast>(
        await broadcast(op, { title: " Maintenance ", body: "Down at 02:00 UTC.\nBack soon." }),
      );
      expect(sent).toMatchObject({ title: "Maintenance", recipients: 2 });
      for (const user of users) {
        const inbox = data<ListPage<MessageItem>>(await get(user, "/profile/message"));
        expect(inbox.items.map((m) => m.title)).toContain("Maintenance");
      }
      const [audit] = await getDb().query<{ action: string; detail: object; actor_id: string }>(
        "SELECT action, detail, actor_id FROM audit_log WHERE action = 'message.broadcast'",
      );
      expect(audit).toMatchObject({
        actor_id: op.userId,
        detail: { recipients: 2, title: "Maintenance" },
      });
      // The model is one message per user: who signs up afterwards has none of it.
      const later = await createUserSession(getDb());
      const inbox = data<ListPage<MessageItem>>(await get(later, "/profile/message"));
      expect(inbox.items.map((m) => m.title)).not.toContain("Maintenance");
    });

    it.each([
      ["an empty title", { title: "  ", body: "x" }],
      ["a title too long", { title: "t".repeat(MESSAGE_LIMITS.titleMaxLength + 1), body: "x" }],
      ["a body too long", { title: "t", body: "b".repeat(MESSAGE_LIMITS.bodyMaxLength + 1) }],
      ["a hidden character", { title: "t", body: "a\u202eb" }],
      ["an unknown field", { title: "t", body: "b", address: `0x${"1".repeat(40)}` }],
      ["no body", { title: "t" }],
    ])("refuses %s with 400 and changes nothing", async (_what, body) => {
      const op = await createUserSession(getDb(), { role: "operator" });
      await createUserSession(getDb());
      const before = [await count("messages"), await count("audit_log"), await count("change_log")];
      const response = await broadcast(op, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ Code: "VALIDATION" });
      expect([
        await count("messages"),
        await count("audit_log"),
        await count("change_log"),
      ]).toEqual(before);
    });

    it.each(["support", "reviewer"] as const)("refuses a %s operator", async (role) => {
      const op = await createUserSession(getDb(), { role });
      await createUserSession(getDb());
      const response = await broadcast(op, { title: "t", body: "b" });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        Code: "FORBIDDEN",
        Params: { role, permission: "manage" },
      });
      expect(await count("messages")).toBe(0);
    });
  });
}

describe("on PGlite", () => {
  const getDb = usePglite();
  const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
  usersSuite(getDb, app);

  it("npm run admin -- message all: the same domain, validation and audit", async () => {
    const users = [await createUserSession(getDb()), await createUserSession(getDb())];
    const args = ["message", "all", "--title", "Hello", "--body=Everyone."];
    const command = parseAdminArgs(args);
    expect(command).toEqual({ name: "message-all", title: "Hello", body: "Everyone." });
    expect(commandFromJson(command)).toEqual(command);
    expect(commandFromJson({ ...(command as object), address: users[0]?.address })).toBeNull();
    expect(parseAdminArgs(["message", "all", "--address", "0x1", "--title", "t"])).toEqual({
      error: 'Unknown option "--address" for "message all".',
    });
    expect(parseAdminArgs(["message", "all", "--title", "t"])).toEqual({
      error: '"message all" needs --body.',
    });
    const actor = cliActor("root");
    const tooLong = parseAdminArgs(["message", "all", "--title", "t", "--body", "x".repeat(5001)]);
    if (typeof tooLong !== "object" || !("name" in tooLong) || "file" in tooLong) throw tooLong;
    await expect(runAdminCommand(getDb(), tooLong, actor)).rejects.toThrow(/5000 characters/);
    if (typeof command !== "object" || !("name" in command) || "file" in command) throw command;
    const result = await runAdminCommand(getDb(), command, actor);
    expect(describeResult(result)).toBe('Sent "Hello" to 2 users.');
    const rows = await getDb().query<{ user_id: string }>(
      "SELECT user_id FROM messages WHERE title = 'Hello' ORDER BY user_id",
    );
    expect(rows.map((r) => r.user_id).sort()).toEqual(users.map((u) => u.userId).sort());
    const audit = await getDb().query<{ actor_label: string; action: string }>(
      "SELECT actor_label, action FROM audit_log",
    );
    expect(audit).toEqual([{ actor_label: "cli:root", action: "message.broadcast" }]);
  });
});

describePostgres(
  "on PostgreSQL",
  (pg) => {
    const app = useTestApp(pg.db, { rateLimit: NO_RATE_LIMIT });
    beforeEach(async () => {
      await resetDb(pg.db());
    });
    usersSuite(pg.db, app);
  },
  { migrate: true },
);
