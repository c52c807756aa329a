// `npm run admin` as real processes (DESIGN §4): with the server stopped the CLI opens the
// embedded database itself; with the server running (it holds PGlite) the CLI goes through the
// server's admin socket. Both paths run the same commands with the same audit trail.
import { existsSync, mkdtempSync } from "node:fs";
import { stat } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { AuditItem } from "../../protocol/admin";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { migrate } from "../../server/db/migrate";
import { createPgliteDb } from "../../server/db/pglite-db";
import { seedMigratedPglite } from "./helpers/pglite-dir-template";
import { adminInProcess } from "./helpers/admin-in-process";
import { ChildRunner } from "./helpers/child-process";
import { freePort, waitForOk, within } from "./helpers/net";
import { codeAt } from "./helpers/operator-sign-in";
import { createUserSession } from "./helpers/sessions";

const runner = new ChildRunner();
const run = runner.run.bind(runner);

/** TOTP enrolment through the API, as the console does it (the code computed here). */
async function enrolTotp(base: string, token: string): Promise<void> {
  const post = (path: string, body?: object) =>
    fetch(`${base}${API_BASE}/admin/session${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const started = await post("/enrolment");
  expect(started.status).toBe(200);
  const { secret } = ((await started.json()) as { Data: { secret: string } }).Data;
  const confirmed = await post("/enrolment/confirm", { code: codeAt(secret) });
  expect(confirmed.status).toBe(200);
}

/** A real process: one for each path (server stopped, server running) and one usage error. */
async function admin(env: Record<string, string>, ...args: string[]) {
  const cli = run("server/cli/admin.ts", args, env);
  const code = await within(cli.exited, 60_000, `admin ${args.join(" ")}`);
  return { code, ...cli.output() };
}

afterAll(() => runner.killAll());

it("runs create-admin, lock and unlock directly and through a running server", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-cli-"));
  const env = { DATA_DIR: dataDir, APP_DIST_DIR: path.join(dataDir, "no-dist"), LOG_LEVEL: "warn" };
  const label = `cli:${userInfo().username}`;

  // A wallet user with a live session, written while no server runs.
  await seedMigratedPglite(path.join(dataDir, "pglite"));
  const seed = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
  await migrate(seed);
  const user = await createUserSession(seed);
  await seed.close();

  // Server stopped: the CLI opens the database itself.
  const created = await admin(env, "create-admin", "olga", "--role", "support");
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain("with role support");
  const password = /Password \(shown only now[^)]*\): (\S+)/.exec(created.stdout)?.[1] ?? "";
  expect(password).toMatch(/^[\w-]{24}$/);
  expect(created.stderr).not.toContain("through the running server");
  // The rest in this process (helpers/admin-in-process.ts): the same function, no process start.
  const duplicate = await adminInProcess(env, "create-admin", "olga");
  expect(duplicate.code).toBe(1);
  expect(duplicate.stderr).toContain('The username "olga" is taken');
  expect(duplicate.stdout).not.toMatch(/Password/);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = run("server/main.ts", [], { ...env, PORT: String(port) });
  try {
    await waitForOk(`${base}/health`, 40_000);
  } catch (err) {
    throw new Error(`${String(err)}\n${server.output().stderr}${server.output().stdout}`, {
      cause: err,
    });
  }
  const socketPath = path.join(dataDir, "admin.sock");
  expect((await stat(socketPath)).mode & 0o777).toBe(0o600);

  // The operator signs in with the printed password.
  const signInOlga = async () => {
    const signIn = await fetch(`${base}${API_BASE}/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "olga", password }),
    });
    expect(signIn.status).toBe(200);
    return ((await signIn.json()) as { Data: string }).Data;
  };
  const firstToken = await signInOlga();
  await enrolTotp(base, firstToken);

  const asUser = () =>
    fetch(`${base}${API_BASE}/profile/identity`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
  expect((await asUser()).status).toBe(200);

  // Server running: PGlite is held, so the CLI goes through the socket.
  const lock = await admin(env, "lock", user.address ?? "");
  expect(lock.code, lock.stderr).toBe(0);
  expect(lock.stderr).toContain("through the running server");
  expect(lock.stdout).toContain(`Locked ${user.address}`);
  const refused = await asUser();
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ Code: "ACCOUNT_LOCKED" });

  const unlock = await adminInProcess(env, "unlock", user.address ?? "");
  expect(unlock.stderr).toContain("through the running server");
  expect(unlock.code, unlock.stderr).toBe(0);
  expect((await asUser()).status).toBe(200);

  const unknown = await adminInProcess(env, "lock", "0x00000000000000000000000000000000000000aa");
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain("No user with address");

  // reset-2fa through the socket: her session ends; the next sign-in enrols a new authenticator.
  const reset = await adminInProcess(env, "reset-2fa", "olga");
  expect(reset.code, reset.stderr).toBe(0);
  expect(reset.stderr).toContain("through the running server");
  expect(reset.stdout).toMatch(
    /operator "olga" \(user \d+\): TOTP secret and 10 recovery code\(s\) removed, 1 session\(s\) ended/,
  );
  const ended = await fetch(`${base}${API_BASE}/admin/session`, {
    headers: { authorization: `Bearer ${firstToken}` },
  });
  expect(ended.status).toBe(401);
  const operatorToken = await signInOlga();
  await enrolTotp(base, operatorToken);

  const audit = await fetch(`${base}${API_BASE}/admin/audit`, {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  const items = ((await audit.json()) as { Data: ListPage<AuditItem> }).Data.items;
  expect(items.map((i) => [i.actorLabel, i.action])).toEqual([
    ["operator:olga", "operator.totp-enrol"],
    ["operator:olga", "operator.password"],
    [label, "operator.reset-2fa"],
    [label, "user.unlock"],
    [label, "user.lock"],
    ["operator:olga", "operator.totp-enrol"],
    ["operator:olga", "operator.password"],
    [label, "operator.create"],
  ]);
  expect(items[2]?.detail).toEqual({
    username: "olga",
    hadTotp: true,
    recoveryCodesDropped: 10,
    sessionsEnded: 1,
  });
  expect(items.at(-1)?.detail).toEqual({ username: "olga", role: "support" });

  server.child.kill("SIGTERM");
  expect(await within(server.exited, 10_000, "graceful shutdown")).toBe(0);
  expect(existsSync(socketPath)).toBe(false);

  // Stopped again: directly on the database.
  const direct = await adminInProcess(env, "lock", user.address ?? "");
  expect(direct.code, direct.stderr).toBe(0);
  expect(direct.stderr).not.toContain("through the running server");
  const directReset = await adminInProcess(env, "reset-2fa", "olga");
  expect(directReset.code, directReset.stderr).toBe(0);
  expect(directReset.stderr).not.toContain("through the running server");
  expect(directReset.stdout).toContain("10 recovery code(s) removed");
  const check = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
  try {
    const [row] = await check.query<{ locked: boolean }>("SELECT locked FROM users WHERE id = $1", [
      user.userId,
    ]);
    expect(row?.locked).toBe(true);
    const [count] = await check.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log");
    expect(count?.n).toBe(10);
  } finally {
    await check.close();
  }
}, 180_000);

it("prints usage for help, and refuses unknown commands with exit code 2", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-cli-"));
  const help = await adminInProcess({ DATA_DIR: dataDir }, "help");
  expect(help.code).toBe(0);
  expect(help.stdout).toContain("create-admin <username>");
  expect(help.stdout).toContain("reset-2fa <username>");
  const unknown = await admin({ DATA_DIR: dataDir }, "drop-everything");
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('Unknown command "drop-everything"');
  const missing = await adminInProcess({ DATA_DIR: dataDir }, "lock");
  expect(missing.code).toBe(2);
  const badRole = await adminInProcess(
    { DATA_DIR: dataDir },
    "create-admin",
    "olga",
    "--role",
    "root",
  );
  expect(badRole.code).toBe(2);
  expect(badRole.stderr).toContain("--role is one of admin, reviewer, support");
  // Nothing was opened or created for a usage error.
  expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
}, 60_000);
