// Public content on the real app and PGlite: the repository's seed loaded idempotently, operator
// edits kept, /system/system, /link, /article and /article/{id} in a language with English as
// the fallback, one query per answer, strong ETags with 304, and the cover images under /content/.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Article, ArticleItem, LinkItem, SystemSettings } from "../../protocol/content";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { ConfigError, loadConfig } from "../../server/config";
import type { Db } from "../../server/db/db";
import {
  REPOSITORY_SEED,
  seedContent,
  type SeedSource,
} from "../../server/domain/content/seed-content";
import {
  readArticle,
  readArticles,
  readLinks,
  readSettings,
} from "../../server/domain/content/read-content";
import { SEED_ARTICLES, SEED_LANGS, SEED_LINKS } from "../../server/domain/content/seed/index";
import { createTempDist } from "./helpers/temp-dist";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;
let queries = 0;

/** The test's database, counting the statements the app sends (one per public GET). */
function countingDb(db: () => Db): Db {
  // A proxy, so whatever else the Db interface offers passes through untouched.
  return new Proxy({} as Db, {
    get(_target, prop) {
      const real = db();
      if (prop === "query") {
        return (...args: Parameters<Db["query"]>) => {
          queries++;
          return real.query(...args);
        };
      }
      if (prop === "close") return async () => undefined;
      const value: unknown = Reflect.get(real, prop);
      return typeof value === "function" ? value.bind(real) : value;
    },
  });
}

beforeAll(async () => {
  app = await buildTestApp({
    db: countingDb(getDb),
    config: testConfig({ OPERATOR_COUNTRY: "de" }),
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  });
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await resetDb(getDb());
  await seedContent(getDb());
});

const system = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `${API_BASE}/system${url}`, headers });

async function data<T>(url: string): Promise<T> {
  const response = await system(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: T }>().Data;
}

async function articleTimes(): Promise<Record<string, string>> {
  const rows = await getDb().query<{ id: string; updated_at: Date }>(
    "SELECT id, updated_at FROM articles ORDER BY id",
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.updated_at.toISOString()]));
}

describe("seedContent", () => {
  it("loads every language file's settings, links and articles, and a second run changes nothing", async () => {
    const langs = Object.keys(SEED_LANGS).length;
    const [counts] = await getDb().query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM system_settings) AS settings,
              (SELECT count(*)::int FROM links) AS links,
              (SELECT count(*)::int FROM articles WHERE origin = 'seed') AS articles,
              (SELECT count(*)::int FROM article_texts WHERE lang = 'en') AS en_texts`,
    );
    expect(counts).toEqual({
      settings: 3 * langs,
      links: SEED_LINKS.length * langs,
      articles: SEED_ARTICLES.length,
      en_texts: SEED_ARTICLES.length,
    });

    const before = await articleTimes();
    const again = await seedContent(getDb());
    expect(again).toEqual({ settings: 0, links: 0, articles: 0, keptForOperators: 0 });
    expect(await articleTimes()).toEqual(before);
  });

  it("refreshes changed seed text, keeps operator edits and deletions, drops removed articles", async () => {
    const [first, second, third] = SEED_ARTICLES.map((a) => a.id);
    if (!first || !second || !third) throw new Error("the catalog needs three articles");
    await getDb().query("UPDATE articles SET origin = 'operator' WHERE id = $1", [second]);
    await getDb().query(
      `INSERT INTO audit_log (actor_label, action, target_kind, target_id, detail)
       VALUES ('cli:test', 'article.delete', 'article', $1, '{}')`,
      [third],
    );
    await getDb().query("DELETE FROM articles WHERE id = $1", [third]);
    const before = await articleTimes();

    const en = REPOSITORY_SEED.langs.en;
    if (!en) throw new Error("no English seed");
    const changed = (id: string) => ({
      ...(en.articles[id] ?? { title: "", summary: "", body: "" }),
      title: `Changed ${id}`,
      body: '<p>New <a href="javascript:alert(1)">text</a><script>x()</script></p>',
    });
    const source: SeedSource = {
      ...REPOSITORY_SEED,
      // The last catalog article is gone from the repository.
      articles: SEED_ARTICLES.slice(0, -1),
      langs: {
        en: {
          ...en,
          articles: { ...en.articles, [first]: changed(first), [second]: changed(second) },
        },
      },
    };
    const report = await seedContent(getDb(), source);
    expect(report.keptForOperators).toBe(2);

    const after = await articleTimes();
    expect(after[first]).not.toBe(before[first]);
    expect(after[second]).toBe(before[second]);
    expect(after[third]).toBeUndefined();
    expect(after[SEED_ARTICLES.at(-1)?.id ?? ""]).toBeUndefined();
    const [row] = await getDb().query<{ title: string; body: string }>(
      "SELECT title, body FROM article_texts WHERE article_id = $1 AND lang = 'en'",
      [first],
    );
    // Sanitised on write, seed included.
    expect(row).toEqual({ title: `Changed ${first}`, body: "<p>New <a>text</a></p>" });
    // Languages no longer in the source lose their seed text; English stays the fallback.
    const langs = await getDb().query<{ lang: string }>(
      "SELECT lang FROM article_texts WHERE article_id = $1",
      [first],
    );
    expect(langs.map((l) => l.lang)).toEqual(["en"]);
  });
});

describe("GET /system/system", () => {
  it("answers the settings in the language asked, the domain, the country and the mode", async () => {
    const settings = await data<SystemSettings>("/system?lang=en");
    expect(settings.content.map((c) => c.alias)).toEqual(["pitch", "subscribe", "footer"]);
    expect(settings.content[0]?.dataset).toEqual(SEED_LANGS.en.settings.pitch);
    expect(settings).toMatchObject({ domain: "localhost:80", country: "DE", mode: "demo" });
    // No ?lang= is English.
    expect(await data<SystemSettings>("/system")).toEqual(settings);
  });

  it("falls back to English per setting for a language without its own row", async () => {
    await getDb().query("DELETE FROM system_settings WHERE lang <> 'en'");
    await getDb().query(
      `INSERT INTO system_settings (alias, lang, dataset)
       VALUES ('subscribe', 'ko', '{"title":"뉴스레터","text":"소식"}')`,
    );
    const ko = await data<SystemSettings>("/system?lang=ko");
    expect(ko.content.find((c) => c.alias === "subscribe")?.dataset).toEqual({
      title: "뉴스레터",
      text: "소식",
    });
    expect(ko.content.find((c) => c.alias === "pitch")?.dataset).toEqual(
      SEED_LANGS.en.settings.pitch,
    );
  });

  it("names the configured public origin's host as the domain", async () => {
    const other = await buildTestApp({
      db: getDb(),
      env: { PUBLIC_ORIGIN: "https://quanta.example" },
    });
    try {
      const response = await other.inject({ method: "GET", url: `${API_BASE}/system/system` });
      expect(response.json()).toMatchObject({ Data: { domain: "quanta.example", country: "" } });
    } finally {
      await other.close();
    }
  });

  it.each(["xx", "EN", "ja", ""])(
    "refuses ?lang=%s with 400 VALIDATION naming the field",
    async (lang) => {
      for (const url of ["/system", "/link", "/article", "/article/user-agreement"]) {
        const response = await system(`${url}?lang=${lang}`);
        expect(response.statusCode, `${url} ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ Code: "VALIDATION" });
        expect(response.json<{ Message: string }>().Message).toContain('"lang"');
      }
    },
  );
});

describe("GET /system/link", () => {
  it("answers every link in catalog order, English where a language has no title", async () => {
    await getDb().query("DELETE FROM links WHERE lang = 'de'");
    await getDb().query(
      `INSERT INTO links (id, lang, alias, title, url, sort)
       SELECT id, 'de', alias, 'Hilfe', url, sort FROM links WHERE id = 'help-centre' AND lang = 'en'`,
    );
    const links = await data<LinkItem[]>("/link?lang=de");
    const ordered = [...SEED_LINKS].sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : 1));
    expect(links.map((l) => l.id)).toEqual(ordered.map((l) => l.id));
    expect(links.find((l) => l.id === "help-centre")?.title).toBe("Hilfe");
    const chat = links.find((l) => l.id === "live-chat");
    expect(chat).toEqual({
      id: "live-chat",
      alias: "live-chat",
      title: SEED_LANGS.en.links["live-chat"],
      url: SEED_LINKS.find((l) => l.id === "live-chat")?.url,
      frameable: false,
    });
  });
});

describe("GET /system/article", () => {
  it("pages newest first with a stable cursor; help questions keep their order", async () => {
    const all = await data<ListPage<ArticleItem>>("/article?limit=100");
    expect(all.nextCursor).toBeNull();
    expect(all.items).toHaveLength(SEED_ARTICLES.length);
    const times = all.items.map((i) => Date.parse(i.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: ListPage<ArticleItem> = await data(`/article?limit=2&cursor=${cursor}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      // A deleted item does not break the next page.
      if (seen.length === 2) {
        await getDb().query("DELETE FROM articles WHERE id = $1", [seen[1] ?? ""]);
      }
    }
    expect(seen).toEqual(all.items.map((i) => i.id));

    const help = await data<ListPage<ArticleItem>>("/article?category=help");
    const expected = SEED_ARTICLES.filter((a) => a.category === "help")
      .sort((a, b) => a.sort - b.sort)
      .map((a) => a.id);
    expect(help.items.map((i) => i.id)).toEqual(expected);
    expect(help.items.every((i) => i.category === "help")).toBe(true);
  });

  it("answers a language without its own text in English, and one with it in that language", async () => {
    // Vietnamese stands for any language without a translation (whether or not vi.ts exists yet).
    await getDb().query("DELETE FROM article_texts WHERE lang IN ('vi', 'de')");
    const en = await data<ListPage<ArticleItem>>("/article?lang=en&limit=100");
    expect(await data<ListPage<ArticleItem>>("/article?lang=vi&limit=100")).toEqual(en);
    expect(await data<ListPage<ArticleItem>>("/article?lang=de&limit=100")).toEqual(en);
    const id = en.items[0]?.id ?? "";
    expect(await data<Article>(`/article/${id}?lang=de`)).toEqual(
      await data<Article>(`/article/${id}`),
    );
    await getDb().query(
      `INSERT INTO article_texts (article_id, lang, title, summary, body)
       VALUES ($1, 'de', 'Titel', 'Kurz', '<p>Text</p>')`,
      [id],
    );
    const de = await data<ListPage<ArticleItem>>("/article?lang=de&limit=2");
    expect(de.items[0]).toMatchObject({ id, title: "Titel", summary: "Kurz" });
    // The next article has no German text: English.
    expect(de.items[1]?.title).toBe(en.items[1]?.title);
    expect(await data<Article>(`/article/${id}?lang=de`)).toMatchObject({
      title: "Titel",
      body: "<p>Text</p>",
    });
    expect((await data<Article>(`/article/${id}?lang=vi`)).title).toBe(en.items[0]?.title);
  });

  it.each([
    ["cursor", "/article?cursor=not-a-cursor"],
    ["cursor", `/article?cursor=${Buffer.from("2026-01-01|1|x").toString("base64url")}`],
    ["category", "/article?category=blog"],
    ["limit", "/article?limit=0"],
    ["limit", "/article?limit=101"],
  ])("refuses a bad %s with 400 VALIDATION", async (field, url) => {
    const response = await system(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Code: "VALIDATION" });
    expect(response.json<{ Message: string }>().Message).toContain(`"${field}"`);
  });
});

describe("GET /system/article/{id}", () => {
  it("answers the article with its sanitised body, and 404 NOT_FOUND for unknown ids", async () => {
    const id = SEED_ARTICLES[0]?.id ?? "";
    const article = await data<Article>(`/article/${id}`);
    expect(article).toMatchObject({ id, title: SEED_LANGS.en.articles[id]?.title });
    expect(article.body.length).toBeGreaterThan(100);
    expect(article.body).not.toMatch(/<script|on[a-z]+=/i);

    for (const unknown of ["no-such-article", "UPPER", "..%2F..%2Fetc", "a".repeat(100)]) {
      const response = await system(`/article/${unknown}`);
      expect(response.statusCode, unknown).toBe(404);
      expect(response.json()).toEqual({
        HttpStatusCode: 404,
        Message: "No such article",
        Data: null,
        Code: "NOT_FOUND",
      });
    }
  });
});

describe("caching", () => {
  it.each([
    "/system?lang=en",
    "/link",
    "/article?category=news",
    `/article/${SEED_ARTICLES[0]?.id}`,
  ])(
    "GET %s: one query, a strong ETag, no-cache, and 304 for a matching If-None-Match",
    async (url) => {
      queries = 0;
      const first = await system(url);
      expect(first.statusCode).toBe(200);
      expect(queries).toBe(1);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(first.headers["cache-control"]).toBe("no-cache");

      for (const match of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
        const again = await system(url, { "if-none-match": match });
        expect(again.statusCode, match).toBe(304);
        expect(again.body).toBe("");
        expect(again.headers.etag).toBe(etag);
      }
      const stale = await system(url, { "if-none-match": '"stale"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    },
  );

  it("changes the ETag when the content changes, and only then", async () => {
    const id = SEED_ARTICLES[0]?.id ?? "";
    const etag = async () => String((await system(`/article/${id}`)).headers.etag);
    const before = await etag();
    await seedContent(getDb());
    expect(await etag()).toBe(before);
    await getDb().query(
      "UPDATE article_texts SET title = 'Edited', body = body WHERE article_id = $1 AND lang = 'en'",
      [id],
    );
    expect(await etag()).not.toBe(before);
  });

  it("puts no ETag on errors", async () => {
    const response = await system("/article/no-such-article", { "if-none-match": "*" });
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
  });
});

describe("cover images", () => {
  const cover = SEED_ARTICLES.find((a) => a.cover !== null)?.cover ?? "";

  it("serves a cover with day-long public caching and a locked-down CSP", async () => {
    const response = await app.inject({ method: "GET", url: cover });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.headers["content-security-policy"]).toContain("sandbox");
    expect(response.body).toContain("<svg");
  });

  it("answers 404, never the app shell, for anything else under /content/", async () => {
    const dist = createTempDist();
    writeFileSync(path.join(dist, "secret.txt"), "no");
    const withShell = await buildTestApp({ db: getDb(), env: { APP_DIST_DIR: dist } });
    try {
      const html = { accept: "text/html" };
      // The shell still serves client routes.
      expect(
        (await withShell.inject({ method: "GET", url: "/data", headers: html })).statusCode,
      ).toBe(200);
      for (const url of [
        "/content/missing.svg",
        "/content/",
        "/content/missing",
        "/content/../package.json",
        "/content/%2e%2e/server/main.ts",
        "/content/.hidden.svg",
        "/content/README.md",
      ]) {
        const response = await withShell.inject({ method: "GET", url, headers: html });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers["content-type"], url).toMatch(/^application\/json/);
        expect(response.json(), url).toMatchObject({ Code: "NOT_FOUND" });
      }
      expect((await withShell.inject({ method: "GET", url: cover })).statusCode).toBe(200);
    } finally {
      await withShell.close();
    }
  });
});

describe("OPERATOR_COUNTRY", () => {
  it("takes an ISO 3166-1 alpha-2 code in any case, default empty", () => {
    expect(loadConfig({}).operatorCountry).toBe("");
    expect(loadConfig({ OPERATOR_COUNTRY: "sg" }).operatorCountry).toBe("SG");
  });

  it.each(["XX", "ZZ", "EU", "DEU", "1A", "Germany"])("refuses %s", (value) => {
    expect(() => loadConfig({ OPERATOR_COUNTRY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ OPERATOR_COUNTRY: value })).toThrow(/OPERATOR_COUNTRY/);
  });
});

describePostgres(
  "content on PostgreSQL",
  (pg) => {
    it("seeds idempotently and pages articles with the same cursor rules", async () => {
      const db = pg.db();
      const first = await seedContent(db);
      expect(first.articles).toBe(SEED_ARTICLES.length);
      expect(await seedContent(db)).toEqual({
        settings: 0,
        links: 0,
        articles: 0,
        keptForOperators: 0,
      });
      // Vietnamese stands for any language without its own text.
      await db.query("DELETE FROM article_texts WHERE lang = 'vi'");
      const all = await readArticles(db, { lang: "en", category: null, cursor: null, limit: 100 });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await readArticles(db, { lang: "vi", category: null, cursor, limit: 3 });
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen).toEqual(all.items.map((i) => i.id));
      expect((await readArticle(db, all.items[0]?.id ?? "", "vi")).title).toBe(all.items[0]?.title);
      const settings = await readSettings(db, "ko", { domain: "x", country: "", mode: "demo" });
      expect(settings.content).toHaveLength(3);
      expect((await readLinks(db, "th")).length).toBe(SEED_LINKS.length);
    });
  },
  { migrate: true },
);
