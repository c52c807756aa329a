// Pulls the public datasets of one language into IndexedDB: settings, links, the article list
// (and the body of every new or changed article) and the service status. Every read is a
// conditional GET, so an unchanged dataset costs one 304; each write replaces the language's set
// atomically (src/db/public-data.ts) and is retried when the database changed under it.
import type { ArticleItem, Lang } from "../../protocol";
import type { Conditional } from "../api/client";
import { ApiError } from "../api/errors";
import {
  getArticle,
  getArticlePage,
  getLinks,
  getSystemSettings,
  getSystemStatus,
} from "../api/system";
import {
  articlesWithoutBody,
  confirmDataset,
  readDatasetTag,
  saveArticleBody,
  saveArticleList,
  saveLinks,
  saveSettings,
  saveStatus,
  type ArticlePageTag,
  type DatasetTag,
} from "../db/public-data";
import type { PublicDataset } from "../db/sync-state";

/** Articles per list request; the whole list is walked, so a large page keeps it to one or two. */
export const ARTICLE_PAGE_LIMIT = 50;
const MAX_ARTICLE_PAGES = 40;
const BODY_CONCURRENCY = 4;
/** A write refused this often in a row means something keeps clearing the database. */
const MAX_WRITE_TRIES = 3;

const quiet = { quiet: true };

/** The database changed under every try (it keeps being cleared); the next pull tries again. */
export class StaleWriteError extends Error {
  override name = "StaleWriteError";
}

/** Pulls every public dataset of `lang`; fails with the first failure after trying them all. */
export async function pullPublic(lang: Lang): Promise<void> {
  const results = await Promise.allSettled([
    pullSimple(
      "settings",
      lang,
      (etag) => getSystemSettings(lang, etag, quiet),
      (data, etag, expected) => saveSettings(lang, data, etag, expected),
    ),
    pullSimple(
      "links",
      lang,
      (etag) => getLinks(lang, etag, quiet),
      (data, etag, expected) => saveLinks(lang, data, etag, expected),
    ),
    pullSimple("status", lang, (etag) => getSystemStatus(etag, quiet), saveStatus),
    pullArticles(lang),
  ]);
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}

async function pullSimple<T>(
  dataset: PublicDataset,
  lang: Lang,
  fetch: (etag: string | null) => Promise<Conditional<T>>,
  save: (data: T, etag: string | null, expected: DatasetTag) => Promise<boolean>,
): Promise<void> {
  for (let tries = 0; tries < MAX_WRITE_TRIES; tries++) {
    const expected = await readDatasetTag(dataset, lang);
    const answer = await fetch(typeof expected === "string" ? expected : null);
    const stored = answer.notModified
      ? await confirmDataset(dataset, lang, expected)
      : await save(answer.data, answer.etag, expected);
    if (stored) return;
  }
  throw new StaleWriteError(`The ${dataset} of ${lang} kept changing while being stored.`);
}

async function pullArticles(lang: Lang): Promise<void> {
  for (let tries = 0; tries < MAX_WRITE_TRIES; tries++) {
    const expected = await readDatasetTag("articles", lang);
    const list = await fetchArticleList(lang, Array.isArray(expected) ? expected : null);
    let current: DatasetTag = expected;
    if (list !== "unchanged") {
      if (!(await saveArticleList(lang, list.items, list.pages, expected))) continue;
      current = list.pages;
    }
    await fetchMissingBodies(lang);
    if (await confirmDataset("articles", lang, current)) return;
  }
  throw new StaleWriteError(`The articles of ${lang} kept changing while being stored.`);
}

interface ArticleList {
  items: ArticleItem[];
  pages: ArticlePageTag[];
}

/**
 * The whole list, or "unchanged" when every page we hold answers 304. Each page has its own
 * ETag; once one changed, the list is walked again from the start (page boundaries may move).
 */
async function fetchArticleList(
  lang: Lang,
  known: ArticlePageTag[] | null,
): Promise<ArticleList | "unchanged"> {
  let firstPage: Conditional<{ items: ArticleItem[]; nextCursor: string | null }> | null = null;
  if (known !== null && known.length > 0) {
    let changedAt = -1;
    for (const [index, page] of known.entries()) {
      const answer = await getArticlePage(
        { lang, cursor: page.cursor, limit: ARTICLE_PAGE_LIMIT },
        page.etag,
        quiet,
      ).catch((error: unknown) => {
        // A cursor the server no longer accepts: the list changed, walk it again.
        if (error instanceof ApiError && error.status === 400) return null;
        throw error;
      });
      if (answer?.notModified) continue;
      changedAt = index;
      if (index === 0) firstPage = answer;
      break;
    }
    if (changedAt === -1) return "unchanged";
  }
  const items: ArticleItem[] = [];
  const pages: ArticlePageTag[] = [];
  let cursor: string | null = null;
  do {
    const answer: Conditional<{ items: ArticleItem[]; nextCursor: string | null }> =
      firstPage ?? (await getArticlePage({ lang, cursor, limit: ARTICLE_PAGE_LIMIT }, null, quiet));
    firstPage = null;
    // Unconditional requests never answer 304; this only narrows the type.
    if (answer.notModified) throw new Error("304 without If-None-Match");
    items.push(...answer.data.items);
    pages.push({ cursor, etag: answer.etag });
    cursor = answer.data.nextCursor;
  } while (cursor !== null && pages.length < MAX_ARTICLE_PAGES);
  return { items, pages };
}

/** Fetches the body of every article this device lacks one for, a few at a time. */
async function fetchMissingBodies(lang: Lang): Promise<void> {
  const ids = await articlesWithoutBody(lang);
  const worker = async () => {
    for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
      try {
        await saveArticleBody(lang, await getArticle(id, lang, quiet));
      } catch (error) {
        // Deleted since the list was read: the next list pull drops it.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: BODY_CONCURRENCY }, worker));
}
