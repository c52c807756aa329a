// `npm run admin -- identities | identity approve | identity reject` as real processes on an
// embedded database with no server running: the queue lists oldest first, a decision goes through
// the same domain rules as /admin/identity (once only, a reason required to reject), the user
// sees it in their profile, and every decision is audited as the shell user.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { commandFromJson, parseAdminArgs } from "../../server/cli/admin-commands";
import type { Db } from "../../server/db/db";
import { migrate } from "../../server/db/migrate";
import { createPgliteDb } from "../../server/db/pglite-db";
import { seedMigratedPglite } from "./helpers/pglite-dir-template";
import { adminInProcess } from "./helpers/admin-in-process";
import { ChildRunner } from "./helpers/child-process";
import { within } from "./helpers/net";
import { createUserSession } from "./helpers/sessions";

const runner = new ChildRunner();
afterAll(() => runner.killAll());

async function admin(env: Record<string, string>, ...args: string[]) {
  const cli = runner.run("server/cli/admin.ts", args, env);
  const code = await within(cli.exited, 60_000, `admin ${args.join(" ")}`);
  return { code, ...cli.output() };
}

/** A wallet user with an identity submission under review; answers the submission id. */
async function submission(db: Db, name: string): Promise<string> {
  const user = await createUserSession(db);
  const [upload] = await db.query<{ id: string }>(
    `INSERT INTO uploads (user_id, purpose, mime, size, width, height, sha256)
     VALUES ($1, 'identity', 'image/png', 10, 1, 1, $2) RETURNING id`,
    [user.userId, randomBytes(32).toString("hex")],
  );
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO identity_submissions (user_id, name, id_number, id_type, photo_upload_id)
     VALUES ($1, $2, 'AB1234567', 1, $3) RETURNING id::text`,
    [user.userId, name, upload?.id ?? null],
  );
  return row?.id ?? "";
}

it("lists the queue, approves and rejects through the domain rules, audited", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-cli-identity-"));
  const env = { DATA_DIR: dataDir, APP_DIST_DIR: path.join(dataDir, "no-dist"), LOG_LEVEL: "warn" };
  await seedMigratedPglite(path.join(dataDir, "pglite"));
  const seed = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
  await migrate(seed);
  const first = await submission(seed, "Ada Lovelace");
  const second = await submission(seed, "Grace Hopper");
  await seed.close();

  // One real process; the rest in this process (helpers/admin-in-process.ts), the same function.
  const queue = await admin(env, "identities");
  expect(queue.code, queue.stderr).toBe(0);
  const lines = queue.stdout.trim().split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(
    new RegExp(`^${first}  under review  user \\d+ 0x[0-9a-fA-F]{40}  "Ada Lovelace"`),
  );
  expect(lines[1]).toMatch(new RegExp(`^${second}  under review  .*"Grace Hopper"`));

  const approve = await adminInProcess(env, "identity", "approve", first);
  expect(approve.code, approve.stderr).toBe(0);
  expect(approve.stdout).toMatch(
    new RegExp(`^Identity ${first} approved: user \\d+ is verified\\.`),
  );
  // Decided once: a second decision is refused and changes nothing.
  const again = await adminInProcess(env, "identity", "reject", first, "--reason", "too late");
  expect(again.code).toBe(1);
  expect(again.stderr).toContain("already approved");

  // A reason is required, and a bad usage opens nothing (exit 2).
  const noReason = await adminInProcess(env, "identity", "reject", second);
  expect(noReason.code).toBe(2);
  expect(noReason.stderr).toContain("--reason");
  const reject = await adminInProcess(
    env,
    "identity",
    "reject",
    second,
    "--reason",
    "  Photo is blurry ",
  );
  expect(reject.code, reject.stderr).toBe(0);
  expect(reject.stdout).toContain(`Identity ${second} rejected. Reason: Photo is blurry`);

  expect((await adminInProcess(env, "identities")).stdout.trim()).toBe("No identity submissions.");
  const all = await adminInProcess(env, "identities", "all");
  expect(all.stdout).toContain(`${first}  approved`);
  expect(all.stdout).toContain(`${second}  rejected`);
  expect(all.stdout).toContain("reason: Photo is blurry");

  const check = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
  try {
    const audits = await check.query<{ action: string; actor_label: string; target_id: string }>(
      "SELECT action, actor_label, target_id FROM audit_log ORDER BY id",
    );
    const label = `cli:${userInfo().username}`;
    expect(audits).toEqual([
      { action: "identity.approve", actor_label: label, target_id: first },
      { action: "identity.reject", actor_label: label, target_id: second },
    ]);
    const statuses = await check.query<{ status: number; reason: string | null }>(
      "SELECT status, reason FROM identity_submissions ORDER BY id",
    );
    expect(statuses).toEqual([
      { status: 1, reason: null },
      { status: 2, reason: "Photo is blurry" },
    ]);
    // The users' devices hear of it: a system message each.
    const [messages] = await check.query<{ n: number }>("SELECT count(*)::int AS n FROM messages");
    expect(messages?.n).toBe(2);
  } finally {
    await check.close();
  }
}, 180_000);

it("refuses malformed identity commands as usage errors, on argv and on the socket", () => {
  for (const args of [
    ["identities", "3"],
    ["identities", "0", "1"],
    ["identity", "approve"],
    ["identity", "approve", "x1"],
    ["identity", "approve", "1", "2"],
    ["identity", "reject", "1", "blurry"],
    ["identity", "reject", "1", "--reason", " "],
    ["identity", "reject", "1", "--reason", "x".repeat(501)],
    ["identity", "delete", "1"],
  ]) {
    expect(parseAdminArgs(args), args.join(" ")).toHaveProperty("error");
  }
  expect(parseAdminArgs(["identity", "reject", "7", "--reason", "Blurry"])).toEqual({
    name: "identity-reject",
    id: "7",
    reason: "Blurry",
  });
  expect(commandFromJson({ name: "identity-reject", id: "1" })).toBeNull();
  expect(commandFromJson({ name: "identity-list", status: 5, cursor: null })).toBeNull();
  expect(commandFromJson({ name: "identity-approve", id: "01" })).toBeNull();
  const list = parseAdminArgs(["identities", "all"]);
  expect(commandFromJson(JSON.parse(JSON.stringify(list)))).toEqual(list);
});
