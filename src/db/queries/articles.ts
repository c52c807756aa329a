// Read hooks over articles (news, help centre, agreements) as the sync layer stored them, per
// language. Lists read a growing window (page after page) straight from IndexedDB, newest first.
import { useMemo } from "react";
import Dexie from "dexie";
import type { ArticleCategory, Lang } from "../../../protocol";
import { database, type ArticleRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";
import { getWithFallback, readWithFallback } from "./lang-fallback";

export type { ArticleRow };

/** How many rows a list adds per "Load more". */
export const ARTICLE_PAGE_SIZE = 10;

export interface ArticleWindow {
  /** The newest `limit` articles of the category. */
  items: ArticleRow[];
  /** Whether older ones exist beyond `limit`. */
  hasMore: boolean;
  /** The language the rows are in (English when `lang` has none yet). */
  lang: Lang;
}

/**
 * The server orders articles of one publication time by the operator's `sort` (the help centre's
 * questions share one time and keep their order). IndexedDB indexes only publishedAt, so ties
 * are ordered by the row's `position` in the server's answer.
 */
function byServerOrder(a: ArticleRow, b: ArticleRow): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  return a.position - b.position;
}

async function newestFirst(
  lang: Lang,
  category: ArticleCategory,
  limit: number,
): Promise<ArticleRow[]> {
  const rows = await database()
    .articles.where("[lang+category+publishedAt]")
    .between([lang, category, Dexie.minKey], [lang, category, Dexie.maxKey])
    .reverse()
    // One more than asked tells whether there is another page without counting them all.
    .limit(limit + 1)
    .toArray();
  return rows.sort(byServerOrder);
}

/** The newest `limit` articles of a category in `lang`, re-read whenever articles change. */
export function useArticles(
  lang: Lang,
  category: ArticleCategory,
  limit: number,
): LiveResult<ArticleWindow> {
  const store = useMemo(
    () =>
      liveStore(async (): Promise<ArticleWindow> => {
        const found = await readWithFallback(lang, (l) => newestFirst(l, category, limit));
        return {
          items: found.rows.slice(0, limit),
          hasMore: found.rows.length > limit,
          lang: found.lang,
        };
      }),
    [lang, category, limit],
  );
  return useLiveStore(store);
}

/** One article by id in `lang` (or English); undefined when this device does not know it. */
export function useArticle(lang: Lang, id: string): LiveResult<ArticleRow | undefined> {
  const store = useMemo(
    () => liveStore(() => getWithFallback(lang, (l) => database().articles.get([l, id]))),
    [lang, id],
  );
  return useLiveStore(store);
}
