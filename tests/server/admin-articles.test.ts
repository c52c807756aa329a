// Operators add, edit and delete articles through /admin/articles (real app, PGlite): operators
// only, every field validated with the field named, bodies sanitised, every change audited, an
// edited seed article kept across seeding and a deleted one never brought back. The same through
// `npm run admin -- article …`: admin-articles-cli.test.ts.
import { beforeEach, describe, expect, it } from "vitest";
import type { Article, ArticleItem } from "../../protocol/content";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import type { AdminArticle, AdminArticleItem } from "../../server/domain/content/article-admin";
import { seedContent } from "../../server/domain/content/seed-content";
import { SEED_ARTICLES } from "../../server/domain/content/seed/index";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";
import { articleInput as article } from "./helpers/article-input";

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
