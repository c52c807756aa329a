// `npm run admin -- article …`: the same article rules as /admin/articles
// (admin-articles-add.test.ts, admin-articles-edit.test.ts), as real processes with the server
// stopped and running, and the rest of the command lines in-process (helpers/admin-in-process.ts).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Article } from "../../protocol/content";
import { API_BASE } from "../../protocol/paths";
import { parseAdminArgs } from "../../server/cli/admin-commands";
import { createPgliteDb } from "../../server/db/pglite-db";
import { SEED_ARTICLES } from "../../server/domain/content/seed/index";
import { adminInProcess } from "./helpers/admin-in-process";
import { articleInput as article } from "./helpers/article-input";
import { ChildRunner } from "./helpers/child-process";
import { freePort, waitForOk, within } from "./helpers/net";

describe("npm run admin -- article", () => {
  const runner = new ChildRunner();
  afterAll(() => runner.killAll());
  const run = runner.run.bind(runner);

  /** A real `npm run admin -- article …` process: one per path (server stopped, running). */
  async function cli(env: Record<string, string>, ...args: string[]) {
    const child = run("server/cli/admin.ts", ["article", ...args], env);
    const code = await within(child.exited, 60_000, `admin article ${args.join(" ")}`);
    return { code, ...child.output() };
  }
  /** The same command line in this process (helpers/admin-in-process.ts). */
  const inProcess = (env: Record<string, string>, ...args: string[]) =>
    adminInProcess(env, "article", ...args);

  it("adds, lists, edits and deletes with the server stopped and through the running server", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-article-cli-"));
    const env = {
      DATA_DIR: dataDir,
      APP_DIST_DIR: path.join(dataDir, "no-dist"),
      LOG_LEVEL: "warn",
    };
    const label = `cli:${userInfo().username}`;
    const file = (name: string, content: unknown) => {
      const at = path.join(dataDir, name);
      writeFileSync(at, typeof content === "string" ? content : JSON.stringify(content));
      return at;
    };
    const addFile = file("add.json", article({ id: "cli-news" }));
    // Large and non-ASCII: crosses many socket chunks, so split characters must survive.
    const thai = "<p>" + "ข่าวสารภาษาไทย ".repeat(9_000) + "</p>";
    const editFile = file(
      "edit.json",
      article({
        texts: {
          en: { title: "Edited by CLI", summary: "", body: "<p>x</p>" },
          th: { title: "ไทย", summary: "", body: thai },
        },
      }),
    );

    // Server stopped: the CLI opens the database itself.
    const added = await cli(env, "add", "--file", addFile);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Added article "cli-news" (news; languages de, en).');
    expect(added.stderr).not.toContain("through the running server");
    const listed = await inProcess(env, "list");
    expect(listed.stdout).toMatch(
      /^cli-news {2}news {2}operator {2}2030-01-01T19:04:05.000Z {2}\[de,en\] {2}Fees are changing$/m,
    );

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
    const getArticle = async (id: string, lang = "en") => {
      const response = await fetch(`${base}${API_BASE}/system/article/${id}?lang=${lang}`);
      return {
        status: response.status,
        data: ((await response.json()) as { Data: Article | null }).Data,
      };
    };
    // The server seeded the repository's articles at start.
    const seedId = SEED_ARTICLES[0]?.id ?? "";
    expect((await getArticle(seedId)).status).toBe(200);

    // Server running: PGlite is held, so the CLI goes through the admin socket.
    const edited = await cli(env, "edit", seedId, "--file", editFile);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stderr).toContain("through the running server");
    expect(edited.stdout).toContain(`Updated article "${seedId}" (news; languages en, th).`);
    expect((await getArticle(seedId)).data?.title).toBe("Edited by CLI");
    expect((await getArticle(seedId, "th")).data?.body).toBe(thai);

    const invalid = await inProcess(
      env,
      "add",
      "--file",
      file("bad.json", { category: "news", texts: {} }),
    );
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('"texts.en" is required');
    const notJson = await inProcess(env, "add", "--file", file("broken.json", "{ not json"));
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain("is not valid JSON");
    const missing = await inProcess(env, "add", "--file", path.join(dataDir, "missing.json"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Cannot read");

    const deleted = await inProcess(env, "delete", "cli-news");
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await getArticle("cli-news")).status).toBe(404);
    const again = await inProcess(env, "delete", "cli-news");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('No article with id "cli-news"');

    server.child.kill("SIGTERM");
    expect(await within(server.exited, 10_000, "graceful shutdown")).toBe(0);

    // Stopped again: directly on the database, which keeps the operator's edit.
    const after = await inProcess(env, "list");
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr).not.toContain("through the running server");
    expect(after.stdout).toMatch(
      new RegExp(`^${seedId} {2}news {2}operator .*\\[en,th\\] {2}Edited by CLI$`, "m"),
    );
    expect(after.stdout).not.toContain("cli-news");

    const check = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
    try {
      const audit = await check.query<{ actor_label: string; action: string; target_id: string }>(
        "SELECT actor_label, action, target_id FROM audit_log ORDER BY id",
      );
      expect(audit).toEqual([
        { actor_label: label, action: "article.create", target_id: "cli-news" },
        { actor_label: label, action: "article.update", target_id: seedId },
        { actor_label: label, action: "article.delete", target_id: "cli-news" },
      ]);
    } finally {
      await check.close();
    }
  }, 180_000);

  it("prints its usage and refuses malformed article commands with exit code 2", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-article-cli-"));
    const help = await adminInProcess({ DATA_DIR: dataDir }, "help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("article add --file <article.json>");
    const bad = await inProcess({ DATA_DIR: dataDir }, "edit", "some-id");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"article edit" takes <id> --file <article.json>.');
    // The rest of the argv rules by the parser alone.
    for (const args of [
      [],
      ["add"],
      ["add", "--file"],
      ["delete"],
      ["delete", "Bad Id"],
      ["list", "x"],
      ["publish"],
    ]) {
      expect(parseAdminArgs(["article", ...args]), args.join(" ")).toHaveProperty("error");
    }
    expect(parseAdminArgs(["article", "edit", "a-b", "--file", "x.json"])).toEqual({
      name: "article-edit",
      id: "a-b",
      file: "x.json",
    });
  }, 120_000);
});
