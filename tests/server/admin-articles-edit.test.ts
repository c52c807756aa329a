// Operators read, list, edit and delete articles through /admin/articles (real app, PGlite):
// operators only, every change audited, an edited seed article kept across seeding and a deleted
// one never brought back. Adding: admin-articles-add.test.ts; the same through
// `npm run admin -- article …`: admin-articles-cli.test.ts.
import { describe, expect, it } from "vitest";
import type { Article } from "../../protocol/content";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import type { AdminArticle, AdminArticleItem } from "../../server/domain/content/article-admin";
import { seedContent } from "../../server/domain/content/seed-content";
import { SEED_ARTICLES } from "../../server/domain/content/seed/index";
import { useContentAdmin } from "./helpers/content-admin";
import { articleInput as article } from "./helpers/article-input";
import { bearer, createUserSession } from "./helpers/sessions";

const { getDb, app, admin, publicGet, auditRows, articleCount } = useContentAdmin();

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
