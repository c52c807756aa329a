import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import type { ArticleItem, Article } from "../../protocol";
import { closeDatabase, database, DB_NAME } from "./database";
import {
  articlesWithoutBody,
  confirmDataset,
  readDatasetTag,
  saveArticleBody,
  saveArticleList,
  saveLinks,
} from "./public-data";
import { SYNC_KEYS } from "./sync-state";

const item = (id: string, updatedAt = "2026-01-01T00:00:00Z"): ArticleItem => ({
  id,
  category: "news",
  title: `Title ${id}`,
  summary: "",
  cover: null,
  publishedAt: "2026-01-01T00:00:00Z",
  updatedAt,
});
const full = (id: string, updatedAt?: string): Article => ({
  ...item(id, updatedAt),
  body: `<p>${id}</p>`,
});
const link = (id: string) => ({ id, alias: "partner" as const, title: id, url: "https://x.test" });

describe("public datasets in IndexedDB", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("replaces a language's set with its ETag; other languages stay", async () => {
    expect(await saveLinks("en", [link("a"), link("b")], '"e1"', null)).toBe(true);
    expect(await saveLinks("de", [link("a")], '"d1"', null)).toBe(true);
    expect(await saveLinks("en", [link("b")], '"e2"', '"e1"')).toBe(true);
    const rows = await database().links.toArray();
    expect(rows.map((r) => `${r.lang}:${r.id}:${r.position}`).sort()).toEqual(["de:a:0", "en:b:0"]);
    expect(await readDatasetTag("links", "en")).toBe('"e2"');
  });

  it("refuses a write or a 304 whose starting tag is gone (the database was cleared meanwhile)", async () => {
    await saveLinks("en", [link("a")], '"e1"', null);
    const fresh = async () =>
      (await database().syncState.get(SYNC_KEYS.freshness("links", "en")))?.value;
    const before = await fresh();
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(await saveLinks("en", [link("b")], '"e2"', '"e0"')).toBe(false);
    expect(await confirmDataset("links", "en", '"e0"')).toBe(false);
    expect(await fresh()).toBe(before);
    expect((await database().links.toArray()).map((r) => r.id)).toEqual(["a"]);
  });

  it("keeps an article's body while it is unchanged, and asks for new or changed ones", async () => {
    await saveArticleList("en", [item("a"), item("b")], [{ cursor: null, etag: '"p1"' }], null);
    expect((await articlesWithoutBody("en")).sort()).toEqual(["a", "b"]);
    await saveArticleBody("en", full("a"));
    await saveArticleBody("en", full("b"));
    expect(await articlesWithoutBody("en")).toEqual([]);

    const pages = [{ cursor: null, etag: '"p2"' }];
    const expected = await readDatasetTag("articles", "en");
    await saveArticleList(
      "en",
      [item("a"), item("b", "2026-02-01T00:00:00Z"), item("c")],
      pages,
      expected,
    );
    expect((await articlesWithoutBody("en")).sort()).toEqual(["b", "c"]);
    expect((await database().articles.get(["en", "a"]))?.body).toBe("<p>a</p>");

    // Deleted on the server: gone here too, and a late body for it is dropped.
    await saveArticleList("en", [item("a")], [{ cursor: null, etag: '"p3"' }], pages);
    expect(await database().articles.count()).toBe(1);
    expect(await saveArticleBody("en", full("c"))).toBe(false);
  });
});
