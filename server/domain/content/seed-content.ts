// Loads the repository's content (seed/) into the content tables, on every server start and in
// tests. Idempotent: a row whose content is unchanged is not written, so its updated_at — and
// with it every ETag — stays put. Seed articles follow the repository until an operator edits
// (origin 'operator') or deletes one; from then on the operator's decision stands.
import { SETTING_ALIASES, type Lang } from "../../../protocol/content";
import type { Db, Queryable } from "../../db/db";
import {
  allStoredArticles,
  deleteArticle,
  deletedArticleIds,
  insertArticle,
  replaceArticleTexts,
  updateArticle,
  type StoredArticle,
  type TextInput,
} from "../../db/repositories/article-repository";
import {
  replaceLinks,
  upsertSettings,
  type LinkInput,
} from "../../db/repositories/content-repository";
import { sanitizeBody } from "./sanitize-body";
import { SEED_ARTICLES, SEED_LANGS, SEED_LINKS } from "./seed/index";
import type { LangContent, SeedArticle, SeedLink } from "./seed/types";

export interface SeedSource {
  articles: readonly SeedArticle[];
  links: readonly SeedLink[];
  langs: Partial<Record<Lang, LangContent>>;
}

export const REPOSITORY_SEED: SeedSource = {
  articles: SEED_ARTICLES,
  links: SEED_LINKS,
  langs: SEED_LANGS,
};

export interface SeedReport {
  /** Setting and link rows inserted, changed or removed. */
  settings: number;
  links: number;
  /** Seed articles inserted, refreshed or removed from the tables. */
  articles: number;
  /** Seed articles left alone because an operator edited or deleted them. */
  keptForOperators: number;
}

/** "QSEED" in ASCII: servers starting together seed one after the other. */
const SEED_LOCK_KEY = 0x5153454544;

export async function seedContent(
  db: Db,
  source: SeedSource = REPOSITORY_SEED,
): Promise<SeedReport> {
  const langs = Object.entries(source.langs) as [Lang, LangContent][];
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const settings = await upsertSettings(
      tx,
      langs.flatMap(([lang, content]) =>
        SETTING_ALIASES.map((alias) => ({ alias, lang, dataset: content.settings[alias] })),
      ),
    );
    const links = await replaceLinks(tx, linkRows(source.links, langs));
    return { settings, links, ...(await seedArticles(tx, source.articles, langs)) };
  });
}

function linkRows(links: readonly SeedLink[], langs: [Lang, LangContent][]): LinkInput[] {
  return links.flatMap((link) =>
    langs.flatMap(([lang, content]) => {
      const title = content.links[link.id]?.trim();
      return title
        ? [{ id: link.id, lang, alias: link.alias, title, url: link.url, sort: link.sort }]
        : [];
    }),
  );
}

async function seedArticles(
  tx: Queryable,
  articles: readonly SeedArticle[],
  langs: [Lang, LangContent][],
): Promise<Pick<SeedReport, "articles" | "keptForOperators">> {
  const stored = new Map((await allStoredArticles(tx)).map((row) => [row.id, row]));
  const deleted = await deletedArticleIds(
    tx,
    articles.map((a) => a.id),
  );
  let written = 0;
  let kept = 0;
  for (const article of articles) {
    const row = stored.get(article.id);
    stored.delete(article.id);
    if (row?.origin === "operator" || (row === undefined && deleted.has(article.id))) {
      kept++;
      continue;
    }
    const texts = textsOf(article.id, langs);
    // English is every language's fallback: an article without it cannot be served.
    if (!texts.some((t) => t.lang === "en") || (row && unchanged(row, article, texts))) continue;
    const fields = { ...article, publishedAt: new Date(article.publishedAt).toISOString() };
    const ok = row
      ? await updateArticle(tx, fields, "seed", true)
      : await insertArticle(tx, fields, "seed");
    if (ok === null) continue;
    await replaceArticleTexts(tx, article.id, texts);
    written++;
  }
  // Seed articles the repository no longer has.
  for (const row of stored.values()) {
    if (row.origin === "seed" && (await deleteArticle(tx, row.id))) written++;
  }
  return { articles: written, keptForOperators: kept };
}

/** The article's texts in every language that has one, sorted by language like the store. */
function textsOf(id: string, langs: [Lang, LangContent][]): TextInput[] {
  return langs
    .flatMap(([lang, content]) => {
      const text = content.articles[id];
      if (text === undefined) return [];
      return [
        {
          lang,
          title: text.title.trim(),
          summary: text.summary.trim(),
          body: sanitizeBody(text.body),
        },
      ];
    })
    .sort((a, b) => (a.lang < b.lang ? -1 : a.lang > b.lang ? 1 : 0));
}

function unchanged(row: StoredArticle, article: SeedArticle, texts: TextInput[]): boolean {
  return (
    row.category === article.category &&
    row.cover === article.cover &&
    row.sort === article.sort &&
    row.published_at.getTime() === Date.parse(article.publishedAt) &&
    row.texts.length === texts.length &&
    row.texts.every((t, i) => {
      const want = texts[i];
      return (
        want !== undefined &&
        t.lang === want.lang &&
        t.title === want.title &&
        t.summary === want.summary &&
        t.body === want.body
      );
    })
  );
}
