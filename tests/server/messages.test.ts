// /profile/message* and operators' messages on the real app and PGlite: lists newest first with
// cursors, opening marks read (one change log entry, once), another user's message is 404, bad
// input changes nothing; POST /admin/messages and `npm run admin -- message send` (directly and
// through a running server's admin socket) validate the same way and are audited.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ListPage } from "../../protocol/list";
import type { Message, MessageItem } from "../../protocol/messages";
import { API_BASE } from "../../protocol/paths";
import { runAdminCli } from "../../server/cli/admin";
import { adminSocketPath, listenAdminSocket } from "../../server/cli/admin-socket";
import { parseAdminArgs } from "../../server/cli/admin-commands";
import { migrate } from "../../server/db/migrate";
import { createPgliteDb } from "../../server/db/pglite-db";
import { seedMigratedPglite } from "./helpers/pglite-dir-template";
import { sendOperatorMessage } from "../../server/domain/messages/operator-message";
import { operatorPost } from "./helpers/identity";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { logRows } from "./helpers/sync";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });

const CLI = { id: null, label: "cli:test" };

function send(user: TestSession, title: string, body = `${title}.`) {
  return sendOperatorMessage(getDb(), CLI, { address: user.address ?? "", title, body });
}

function call(method: "GET" | "POST", session: TestSession, url: string) {
  return app.inject({ method, url: `${API_BASE}/profile${url}`, headers: bearer(session) });
}

async function messageCount(): Promise<number> {
  const [row] = await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM messages");
  return row?.n ?? -1;
}

describe("the user's messages", () => {
  it("lists newest first in pages, with a one-line summary and no body", async () => {
    const user = await createUserSession(getDb());
    const long = `${"A long paragraph that goes on. ".repeat(8)}\n\nSecond paragraph.`;
    const ids: string[] = [];
    for (const title of ["One", "Two", "Three"])
      ids.push((await send(user, title, long)).message.id);

    const first = await call("GET", user, "/message?limit=2");
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<{ Data: ListPage<MessageItem> }>().Data;
    expect(page1.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(page1.nextCursor).toBe(ids[1]);
    const item = page1.items[0];
    expect(item).toEqual({
      id: ids[2],
      title: "Three",
      summary: expect.stringMatching(/^A long paragraph that goes on\. .*…$/),
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      kind: null,
      params: {},
    });
    expect([...(item?.summary ?? "")].length).toBeLessThanOrEqual(140);
    expect(item?.summary).not.toContain("\n");

    const page2 = (await call("GET", user, `/message?limit=2&cursor=${page1.nextCursor}`)).json<{
      Data: ListPage<MessageItem>;
    }>().Data;
    expect(page2).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
  });

  it("opens a message, marks it read and records that once", async () => {
    const user = await createUserSession(getDb());
    const { message } = await send(user, "Hello", "First line.\n\nSecond paragraph.");
    const entriesBefore = (await logRows(getDb(), user.userId)).length;

    const opened = await call("GET", user, `/message/${message.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<{ Data: Message }>().Data).toEqual({
      ...message,
      read: true,
      body: "First line.\n\nSecond paragraph.",
    });
    expect(await logRows(getDb(), user.userId)).toHaveLength(entriesBefore + 1);

    // Opening it again and the outbox's POST .../read change nothing more.
    expect((await call("GET", user, `/message/${message.id}`)).statusCode).toBe(200);
    const read = await call("POST", user, `/message/${message.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ HttpStatusCode: 200, Data: null });
    expect(await logRows(getDb(), user.userId)).toHaveLength(entriesBefore + 1);
  });

  it("marks read through POST .../read (the outbox) with the full message in the log", async () => {
    const user = await createUserSession(getDb());
    const { message } = await send(user, "Offline read");
    const response = await app.inject({
      method: "POST",
      url: `${API_BASE}/profile/message/${message.id}/read`,
      headers: { ...bearer(user), "idempotency-key": "outbox-read-1" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [last] = await getDb().query<{ data: Message }>(
      "SELECT data FROM change_log WHERE user_id = $1 ORDER BY seq DESC LIMIT 1",
      [user.userId],
    );
    expect(last?.data).toEqual({ ...message, read: true });
  });

  it("answers 404 for another user's message and changes nothing", async () => {
    const [owner, other] = [await createUserSession(getDb()), await createUserSession(getDb())];
    const { message } = await send(owner, "Private");
    for (const method of ["GET", "POST"] as const) {
      const url = method === "GET" ? `/message/${message.id}` : `/message/${message.id}/read`;
      const response = await call(method, other, url);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ Code: "NOT_FOUND" });
    }
    const [row] = await getDb().query<{ read_at: Date | null }>(
      "SELECT read_at FROM messages WHERE id = $1",
      [message.id],
    );
    expect(row?.read_at).toBeNull();
    expect(await logRows(getDb(), other.userId)).toEqual([]);
  });

  it.each([
    ["GET", "/message/abc"],
    ["GET", "/message/0"],
    ["GET", "/message/1234567890123456789"],
    ["POST", "/message/-1/read"],
    ["GET", "/message?limit=0"],
    ["GET", "/message?limit=101"],
    ["GET", "/message?cursor=x"],
  ] as const)("%s %s is 400 VALIDATION", async (method, url) => {
    const user = await createUserSession(getDb());
    const response = await call(method, user, url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Code: "VALIDATION" });
  });

  it("needs a signed-in user", async () => {
    const response = await app.inject({ url: `${API_BASE}/profile/message` });
    expect(response.statusCode).toBe(401);
  });
});

describe("operators' messages", () => {
  const post = (operator: TestSession, body: object) =>
    operatorPost(app, operator, "/messages", body);

  it("sends a message: the user sees it, the log has it, the audit log names the operator", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    const response = await post(operator, {
      address: user.address?.toUpperCase().replace("0X", "0x"),
      title: "  Maintenance tonight ",
      body: "Trading pauses 02:00-02:30 UTC.\r\n\r\nWithdrawals are not affected.",
      // Only the system sends kinds; an extra field is dropped by the schema.
      kind: "identity-passed",
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<{ Data: { userId: string; address: string; message: Message } }>()
      .Data;
    expect(sent).toMatchObject({
      userId: user.userId,
      address: user.address,
      message: {
        title: "Maintenance tonight",
        body: "Trading pauses 02:00-02:30 UTC.\n\nWithdrawals are not affected.",
        kind: null,
        read: false,
      },
    });
    const list = (await call("GET", user, "/message")).json<{ Data: ListPage<MessageItem> }>();
    expect(list.Data.items.map((i) => i.id)).toEqual([sent.message.id]);
    const rows = await logRows(getDb(), user.userId);
    expect(rows.at(-1)).toMatchObject({ entity: "message", entity_id: sent.message.id });
    const audit = await getDb().query("SELECT actor_id, action, target_id FROM audit_log");
    expect(audit).toEqual([
      { actor_id: operator.userId, action: "message.send", target_id: sent.message.id },
    ]);
  });

  it.each([
    ["no title", { title: undefined }, '"title"'],
    ["a blank title", { title: "   " }, '"title"'],
    ["a title over 120 characters", { title: "T".repeat(121) }, '"title"'],
    ["a title with a line break", { title: "One\nTwo" }, '"title"'],
    ["a body with a bidi override", { body: "Pay \u202eevil" }, '"body"'],
    ["a blank body", { body: " \n " }, '"body"'],
    ["a body over 5000 characters", { body: "b".repeat(5001) }, '"body"'],
    ["a malformed address", { address: "0x1234" }, '"address"'],
  ])("refuses %s with 400 and writes nothing", async (_, change, field) => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    const body = JSON.parse(
      JSON.stringify({ address: user.address, title: "Hi", body: "Text", ...change }),
    ) as object;
    const response = await post(operator, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Code: "VALIDATION" });
    expect(response.json<{ Message: string }>().Message).toContain(field);
    expect(await messageCount()).toBe(0);
    expect(await getDb().query("SELECT 1 FROM audit_log")).toEqual([]);
  });

  it("answers 404 for an unknown address, 403 for a user token", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    const unknown = await post(operator, {
      address: "0x00000000000000000000000000000000000000aa",
      title: "Hi",
      body: "Text",
    });
    expect(unknown.statusCode).toBe(404);
    const asUser = await post(user, { address: user.address, title: "Hi", body: "Text" });
    expect(asUser.statusCode).toBe(403);
    expect(await messageCount()).toBe(0);
  });
});

describe("npm run admin -- message send", () => {
  it("parses its options and refuses incomplete ones", () => {
    const address = "0x00000000000000000000000000000000000000aa";
    expect(
      parseAdminArgs(["message", "send", "--address", address, "--title=Hi", "--body", "A\nB"]),
    ).toEqual({ name: "message-send", address, title: "Hi", body: "A\nB" });
    expect(parseAdminArgs(["message", "send", "--address", address])).toEqual({
      error: '"message send" needs --title, --body.',
    });
    expect(parseAdminArgs(["message", "drop"])).toMatchObject({ error: expect.any(String) });
    expect(parseAdminArgs(["message", "send", "--to", address])).toMatchObject({
      error: 'Unknown option "--to" for "message send".',
    });
  });

  it("sends directly, and through the running server's admin socket", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-msg-cli-"));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
    await seedMigratedPglite(path.join(dataDir, "pglite"));
    const setup = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
    await migrate(setup);
    const user = await createUserSession(setup);
    await setup.close();
    const args = ["message", "send", "--address", user.address ?? "", "--title", "Direct"];

    // No server: the CLI opens the database itself.
    expect(await runAdminCli([...args, "--body", "Sent without a server."], env, io)).toBe(0);
    expect(out.at(-1)).toMatch(/^Sent message 1 "Direct" to 0x[0-9a-f]{40} \(user \d+\)\.$/);

    // "Server" running: this process holds the database and answers on the admin socket.
    const held = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
    const socket = await listenAdminSocket({
      path: adminSocketPath(dataDir),
      db: held,
      log: { info: () => undefined, error: () => undefined },
    });
    try {
      const viaSocket = [...args.slice(0, 4), "--title", "Via socket", "--body", "Hello.\n\nBye."];
      expect(await runAdminCli(viaSocket, env, io)).toBe(0);
      expect(out.join("\n")).toContain("through the running server");
      const tooLong = [...args, "--body", "x".repeat(5001)];
      expect(await runAdminCli(tooLong, env, io)).toBe(1);
      expect(out.at(-1)).toContain('"body" must be 1 to 5000 characters');

      const rows = await held.query<{ title: string; body: string }>(
        "SELECT title, body FROM messages ORDER BY id",
      );
      expect(rows).toEqual([
        { title: "Direct", body: "Sent without a server." },
        { title: "Via socket", body: "Hello.\n\nBye." },
      ]);
      const audit = await held.query<{ action: string }>("SELECT action FROM audit_log");
      expect(audit.map((a) => a.action)).toEqual(["message.send", "message.send"]);
      // The baseline (profile, first message), the first message's own entry, the second's.
      expect(await logRows(held, user.userId)).toHaveLength(4);
    } finally {
      await socket.close();
      await held.close();
    }
  }, 60_000);
});
