// Operators add articles through POST /admin/articles (real app, PGlite): served by the public
// API at once, every field validated with the field named, bodies sanitised, every addition
// audited. Access, reading, editing and deleting: admin-articles-edit.test.ts; the same through
// `npm run admin -- article …`: admin-articles-cli.test.ts.
import { describe, expect, it } from "vitest";
import type { Article, ArticleItem } from "../../protocol/content";
import type { ListPage } from "../../protocol/list";
import type { AdminArticle } from "../../server/domain/content/article-admin";
import { SEED_ARTICLES } from "../../server/domain/content/seed/index";
import { useContentAdmin } from "./helpers/content-admin";
import { articleInput as article } from "./helpers/article-input";

const { admin, publicGet, auditRows, articleCount } = useContentAdmin();

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
