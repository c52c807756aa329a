// Operators add, edit and delete articles through /admin/articles (real app, PGlite): operators
// only, every field validated with the field named, bodies sanitised, every change audited, an
// edited seed article kept across seeding and a deleted one never brought back. And the same
// through `npm run admin -- article …` as real processes, with the server stopped and running.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Article, ArticleItem } from "../../protocol/content";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import type { AdminArticle, AdminArticleItem } from "../../server/domain/content/article-admin";
import { parseAdminArgs } from "../../server/cli/admin-commands";
import { createPgliteDb } from "../../server/db/pglite-db";
import { seedContent } from "../../server/domain/content/seed-content";
import { SEED_ARTICLES } from "../../server/domain/content/seed/index";
import { adminInProcess } from "./helpers/admin-in-process";
import { ChildRunner } from "./helpers/child-process";
import { freePort, waitForOk, within } from "./helpers/net";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
let operator: TestSession;

beforeEach(async () => {
  await seedContent(getDb());
  operator = await createUserSession(getDb(), { role: "operator", username: "olga" });
});

const admin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `${API_BASE}/admin${url}`,
    headers: bearer(operator),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const publicGet = (url: string) => app.inject({ method: "GET", url: `${API_BASE}/system${url}` });

const article = (over: Record<string, unknown> = {}) => ({
  category: "news",
  cover: "/content/welcome-to-quanta.svg",
  publishedAt: "2030-01-02T03:04:05+08:00",
  texts: {
    en: {
      title: "Fees are changing",
      summary: "What changes and when.",
      body: "<p>From March, <strong>lower</strong> fees.</p>",
    },
    de: { title: "Gebühren ändern sich", summary: "Was und wann.", body: "<p>Ab März.</p>" },
  },
  ...over,
});

async function auditRows() {
  return getDb().query<{ actor_label: string; action: string; target_id: string; detail: unknown }>(
    "SELECT actor_label, action, target_id, detail FROM audit_log ORDER BY id",
  );
}

async function articleCount(): Promise<number> {
  const [row] = await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM articles");
  return row?.n ?? 0;
}

describe("access", () => {
  it.each([
    ["GET", "/articles"],
    ["GET", "/articles/user-agreement"],
    ["POST", "/articles"],
    ["PUT", "/articles/user-agreement"],
    ["DELETE", "/articles/user-agreement"],
  ] as const)("%s %s: a user token gets 403, no token 401", async (method, url) => {
    const user = await createUserSession(getDb());
    const asUser = await app.inject({
      method,
      url: `${API_BASE}/admin${url}`,
      headers: bearer(user),
    });
    expect(asUser.statusCode).toBe(403);
    const anonymous = await app.inject({ method, url: `${API_BASE}/admin${url}` });
    expect(anonymous.statusCode).toBe(401);
    expect(await articleCount()).toBe(SEED_ARTICLES.length);
  });
});

describe("add", () => {
  it("creates an article (id from the English title) that the public API serves at once, audited", async () => {
    const created = await admin("POST", "/articles", article());
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json<{ Data: AdminArticle }>().Data;
    expect(a).toMatchObject({
      id: "fees-are-changing",
      category: "news",
      origin: "operator",
      languages: ["de", "en"],
      publishedAt: "2030-01-01T19:04:05.000Z",
      title: "Fees are changing",
    });

    const list = (await publicGet("/article?limit=1")).json<{ Data: ListPage<ArticleItem> }>().Data;
    expect(list.items[0]?.id).toBe("fees-are-changing");
    const de = (await publicGet("/article/fees-are-changing?lang=de")).json<{ Data: Article }>()
      .Data;
    expect(de).toMatchObject({ title: "Gebühren ändern sich", body: "<p>Ab März.</p>" });
    const fr = (await publicGet("/article/fees-are-changing?lang=fr")).json<{ Data: Article }>()
      .Data;
    expect(fr.title).toBe("Fees are changing");

    // The same title again gets a suffixed id; a taken explicit id is 409.
    const second = await admin("POST", "/articles", article());
    expect(second.json<{ Data: AdminArticle }>().Data.id).toMatch(
      /^fees-are-changing-[0-9a-f]{6}$/,
    );
    const taken = await admin("POST", "/articles", article({ id: "user-agreement" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ Code: "CONFLICT" });

    expect((await auditRows()).map((r) => [r.actor_label, r.action, r.target_id])).toEqual([
      ["operator:olga", "article.create", "fees-are-changing"],
      ["operator:olga", "article.create", second.json<{ Data: AdminArticle }>().Data.id],
    ]);
    expect((await auditRows())[0]?.detail).toEqual({ category: "news", languages: ["de", "en"] });
  });

  it("sanitises hostile bodies on write", async () => {
    const hostile = article({
      texts: {
        en: {
          title: "T",
          summary: "",
          body:
            '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)>' +
            '<a href="javascript:alert(1)">a</a> <a href="https://ok.example">b</a></p>' +
            '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"></svg><p style="x">s</p>',
        },
      },
    });
    const created = await admin("POST", "/articles", hostile);
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<{ Data: AdminArticle }>().Data.texts.en?.body;
    expect(body).toBe(
      '<p>Hi<a>a</a> <a href="https://ok.example" rel="noopener noreferrer" target="_blank">b</a></p><p>s</p>',
    );
  });

  it.each([
    ["a body that is not an object", [1, 2], "Invalid body: must be object"],
    ["an unknown field", { ...article(), price: 1 }, '"price" is not allowed'],
    ["no category", { ...article(), category: undefined }, '"category" is required'],
    ["an unknown category", article({ category: "blog" }), '"category"'],
    ["a bad id", article({ id: "Not A Slug" }), '"id"'],
    ["a cover outside /content/", article({ cover: "https://evil.example/x.png" }), '"cover"'],
    ["a cover that is not an image", article({ cover: "/content/x.html" }), '"cover"'],
    [
      "a publishedAt without offset",
      article({ publishedAt: "2030-01-01T00:00:00" }),
      '"publishedAt"',
    ],
    [
      "a publishedAt that is no date",
      article({ publishedAt: "2030-13-45T00:00:00Z" }),
      '"publishedAt"',
    ],
    ["a fractional sort", article({ sort: 1.5 }), '"sort"'],
    ["no texts", { ...article(), texts: undefined }, '"texts" is required'],
    [
      "no English",
      article({ texts: { de: { title: "T", summary: "", body: "<p>x</p>" } } }),
      '"texts.en" is required',
    ],
    [
      "an unknown language",
      article({
        texts: {
          en: { title: "T", summary: "", body: "<p>x</p>" },
          ja: { title: "T", summary: "", body: "<p>x</p>" },
        },
      }),
      '"texts.ja" is not allowed',
    ],
    [
      "an empty title",
      article({ texts: { en: { title: " ", summary: "", body: "<p>x</p>" } } }),
      '"texts.en.title"',
    ],
    [
      "a long title",
      article({ texts: { en: { title: "T".repeat(201), summary: "", body: "<p>x</p>" } } }),
      '"texts.en.title"',
    ],
    [
      "a title with a new line",
      article({ texts: { en: { title: "A\nB", summary: "", body: "<p>x</p>" } } }),
      '"texts.en.title"',
    ],
    [
      "a long summary",
      article({ texts: { en: { title: "T", summary: "s".repeat(501), body: "<p>x</p>" } } }),
      '"texts.en.summary"',
    ],
    [
      "no summary",
      article({ texts: { en: { title: "T", body: "<p>x</p>" } } }),
      '"texts.en.summary" is required',
    ],
    [
      "a body that is only script",
      article({ texts: { en: { title: "T", summary: "", body: "<script>x</script>" } } }),
      '"texts.en.body"',
    ],
    [
      "a body that is not text",
      article({ texts: { en: { title: "T", summary: "", body: 5 } } }),
      '"texts.en.body"',
    ],
    [
      "an unknown text field",
      article({ texts: { en: { title: "T", summary: "", body: "<p>x</p>", html: "" } } }),
      '"texts.en.html" is not allowed',
    ],
  ])(
    "refuses %s with 400 VALIDATION naming the field, changing nothing",
    async (_, body, field) => {
      const response = await admin("POST", "/articles", JSON.parse(JSON.stringify(body)));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ HttpStatusCode: 400, Code: "VALIDATION" });
      expect(response.json<{ Message: string }>().Message).toContain(field);
      expect(await articleCount()).toBe(SEED_ARTICLES.length);
      expect(await auditRows()).toEqual([]);
    },
  );
});

describe("edit and delete", () => {
  it("an edited seed article becomes the operator's and survives seeding; a deleted one stays deleted", async () => {
    const [edited, deleted] = SEED_ARTICLES.map((a) => a.id);
    const before = (await publicGet(`/article/${edited}`)).json<{ Data: Article }>().Data;

    const put = await admin(
      "PUT",
      `/articles/${edited}`,
      article({ category: "help", cover: null, publishedAt: undefined }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const after = put.json<{ Data: AdminArticle }>().Data;
    expect(after).toMatchObject({
      id: edited,
      origin: "operator",
      category: "help",
      cover: null,
      languages: ["de", "en"],
    });
    // publishedAt left out: unchanged; updatedAt bumped.
    expect(after.publishedAt).toBe(before.publishedAt);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

    const del = await admin("DELETE", `/articles/${deleted}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ Data: { id: deleted, deleted: true } });
    expect((await publicGet(`/article/${deleted}`)).statusCode).toBe(404);

    const report = await seedContent(getDb());
    expect(report.keptForOperators).toBe(2);
    const served = (await publicGet(`/article/${edited}`)).json<{ Data: Article }>().Data;
    expect(served).toMatchObject({
      title: "Fees are changing",
      category: "help",
      updatedAt: after.updatedAt,
    });
    expect((await publicGet(`/article/${deleted}`)).statusCode).toBe(404);

    expect((await auditRows()).map((r) => [r.action, r.target_id, r.detail])).toEqual([
      [
        "article.update",
        edited,
        { category: "help", languages: ["de", "en"], previousOrigin: "seed" },
      ],
      ["article.delete", deleted, { category: SEED_ARTICLES[1]?.category, origin: "seed" }],
    ]);
  });

  it("answers 404 for unknown ids, 400 for a body id that differs from the path", async () => {
    expect((await admin("PUT", "/articles/no-such", article())).statusCode).toBe(404);
    expect((await admin("DELETE", "/articles/no-such")).statusCode).toBe(404);
    const mismatch = await admin("PUT", "/articles/user-agreement", article({ id: "other" }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ Message: string }>().Message).toContain('"id"');
    expect((await admin("DELETE", "/articles/Bad%20Id")).statusCode).toBe(400);
    expect(await auditRows()).toEqual([]);
  });

  it("reads one article with every language's text for the editor", async () => {
    const created = await admin("POST", "/articles", article());
    const id = created.json<{ Data: AdminArticle }>().Data.id;
    const read = await admin("GET", `/articles/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const a = read.json<{ Data: AdminArticle }>().Data;
    expect(a).toEqual(created.json<{ Data: AdminArticle }>().Data);
    expect(Object.keys(a.texts).sort()).toEqual(["de", "en"]);
    expect((await admin("GET", "/articles/no-such")).statusCode).toBe(404);
  });

  it("lists every article with its origin and languages, paged", async () => {
    await admin("POST", "/articles", article({ id: "newest" }));
    const page = (await admin("GET", "/articles?limit=2")).json<{
      Data: ListPage<AdminArticleItem>;
    }>().Data;
    expect(page.items[0]).toMatchObject({
      id: "newest",
      origin: "operator",
      languages: ["de", "en"],
    });
    expect(page.items[1]?.origin).toBe("seed");
    expect(page.items[1]?.languages).toContain("en");
    const seen = page.items.map((i) => i.id);
    let cursor = page.nextCursor;
    while (cursor) {
      const next = (await admin("GET", `/articles?limit=5&cursor=${cursor}`)).json<{
        Data: ListPage<AdminArticleItem>;
      }>().Data;
      seen.push(...next.items.map((i) => i.id));
      cursor = next.nextCursor;
    }
    expect(seen.sort()).toEqual([...SEED_ARTICLES.map((a) => a.id), "newest"].sort());
  });
});

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
