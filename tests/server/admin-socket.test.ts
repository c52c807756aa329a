// The admin socket in-process (real PGlite, real Unix socket), and the CLI's direct path on
// PostgreSQL: malformed requests get a clear answer and change nothing; the socket is 0600.
import { mkdtempSync } from "node:fs";
import { stat } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAdminCli } from "../../server/cli/admin";
import { parseAdminArgs } from "../../server/cli/admin-commands";
import {
  adminSocketPath,
  listenAdminSocket,
  sendAdminCommand,
  type AdminSocket,
} from "../../server/cli/admin-socket";

import { createUserSession } from "./helpers/sessions";
import { describePostgres, POSTGRES_URL, resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-sock-"));
const socketPath = adminSocketPath(dataDir);
let socket: AdminSocket;

beforeAll(async () => {
  const log = { info: () => undefined, error: () => undefined };
  socket = await listenAdminSocket({ path: socketPath, db: getDb(), log });
});
afterAll(async () => {
  await socket?.close();
});
beforeEach(async () => {
  await resetDb(getDb());
});

/** Sends raw text and reads the whole answer. */
function rawExchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socketPath);
    let answer = "";
    connection.on("connect", () => connection.end(text));
    connection.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    connection.on("end", () => resolve(answer));
    connection.on("error", reject);
  });
}

describe("admin socket", () => {
  it("is a socket only its owner can open", async () => {
    const info = await stat(socketPath);
    expect(info.isSocket()).toBe(true);
    expect(info.mode & 0o777).toBe(0o600);
  });

  it("runs a command with the caller's CLI label in the audit log", async () => {
    const user = await createUserSession(getDb());
    const answer = await sendAdminCommand(socketPath, {
      command: { name: "lock", address: user.address ?? "" },
      actor: "cli:tester",
    });
    expect(answer).toEqual({
      ok: true,
      result: {
        kind: "lock-changed",
        userId: user.userId,
        address: user.address,
        locked: true,
        changed: true,
      },
    });
    const rows = await getDb().query("SELECT actor_id, actor_label, action FROM audit_log");
    expect(rows).toEqual([{ actor_id: null, actor_label: "cli:tester", action: "user.lock" }]);
  });

  it("keeps a CLI reason in the audit row; a blank one is refused and changes nothing", async () => {
    const user = await createUserSession(getDb());
    const blank = await sendAdminCommand(socketPath, {
      command: { name: "lock", address: user.address ?? "", reason: "  " },
      actor: "cli:tester",
    });
    expect(blank).toEqual({ ok: false, error: "The reason is empty" });
    expect(await getDb().query("SELECT 1 FROM audit_log")).toEqual([]);
    expect(await getDb().query("SELECT locked FROM users WHERE id = $1", [user.userId])).toEqual([
      { locked: false },
    ]);

    const answer = await sendAdminCommand(socketPath, {
      command: { name: "lock", address: user.address ?? "", reason: " Chargeback " },
      actor: "cli:tester",
    });
    expect(answer).toMatchObject({ ok: true, result: { locked: true, changed: true } });
    const rows = await getDb().query("SELECT action, detail FROM audit_log");
    expect(rows).toEqual([
      {
        action: "user.lock",
        detail: { address: user.address, changed: true, reason: "Chargeback" },
      },
    ]);
  });

  it("parses `lock <address> --reason <text>` and refuses other shapes", () => {
    const address = "0x0000000000000000000000000000000000000001";
    expect(parseAdminArgs(["lock", address, "--reason", "Spam"])).toEqual({
      name: "lock",
      address,
      reason: "Spam",
    });
    expect(parseAdminArgs(["unlock", address])).toEqual({ name: "unlock", address });
    for (const args of [
      ["lock", address, "--reason"],
      ["lock", address, "extra"],
      ["lock", address, "--reason", "a", "b"],
      ["lock", "--reason", "a"],
    ]) {
      expect(parseAdminArgs(args), args.join(" ")).toHaveProperty("error");
    }
  });

  it.each([
    ["not JSON", "lock everyone\n"],
    ["no command", '{"actor":"cli:x"}\n'],
    ["an unknown command", '{"command":{"name":"drop-db"},"actor":"cli:x"}\n'],
    [
      "a forged actor",
      '{"command":{"name":"lock","address":"0x0000000000000000000000000000000000000001"},"actor":"operator:1"}\n',
    ],
    ["an empty line", "\n"],
  ])("answers %s with an error and changes nothing", async (_, text) => {
    const answer = JSON.parse(await rawExchange(text)) as { ok: boolean; error?: string };
    expect(answer.ok).toBe(false);
    expect(answer.error).toMatch(/admin command|JSON line/);
    expect(await getDb().query("SELECT 1 FROM audit_log")).toEqual([]);
  });

  it("reports a domain failure as the user-facing message", async () => {
    const answer = await sendAdminCommand(socketPath, {
      command: { name: "unlock", address: "0x00000000000000000000000000000000000000aa" },
      actor: "cli:tester",
    });
    expect(answer).toEqual({
      ok: false,
      error: "No user with address 0x00000000000000000000000000000000000000aa",
    });
  });
});

describePostgres(
  "CLI on PostgreSQL",
  ({ db, schema }) => {
    it("opens the database directly, even while a server could be running", async () => {
      const url = new URL(POSTGRES_URL ?? "");
      url.searchParams.set("options", `-c search_path=${schema().schema}`);
      const out: string[] = [];
      const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
      const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: "silent" };
      const user = await createUserSession(db());

      expect(await runAdminCli(["create-admin", "pgadmin"], env, io)).toBe(0);
      expect(out.join("\n")).toMatch(/Password \(shown only now.*\): [\w-]{24}/);
      const reason = ["--reason", "Chargeback"];
      expect(await runAdminCli(["lock", user.address ?? "", ...reason], env, io)).toBe(0);
      expect(await runAdminCli(["create-admin", "pgadmin"], env, io)).toBe(1);
      expect(out.at(-1)).toBe('The username "pgadmin" is taken');

      const [locked] = await db().query<{ locked: boolean }>(
        "SELECT locked FROM users WHERE id = $1",
        [user.userId],
      );
      expect(locked?.locked).toBe(true);
      const label = `cli:${userInfo().username}`;
      expect(await db().query("SELECT actor_label, action FROM audit_log ORDER BY id")).toEqual([
        { actor_label: label, action: "operator.create" },
        { actor_label: label, action: "user.lock" },
      ]);
      const [lockRow] = await db().query<{ detail: { reason: string } }>(
        "SELECT detail FROM audit_log WHERE action = 'user.lock'",
      );
      expect(lockRow?.detail.reason).toBe("Chargeback");
    });
  },
  { migrate: true },
);
