// The public content answers of /system/* (API.md): settings, links and articles in one
// language, falling back to English for anything not translated. One query per answer.
import { frameAllowed } from "./link-frames";
import {
  SETTING_ALIASES,
  type Article,
  type ArticleCategory,
  type ArticleItem,
  type Lang,
  type LinkAlias,
  type LinkItem,
  type SettingItem,
  type SystemSettings,
} from "../../../protocol/content";
import type { ListPage } from "../../../protocol/list";
import type { Queryable } from "../../db/db";
import {
  findArticle,
  linksFor,
  listArticles,
  settingsFor,
  type ArticleListRow,
} from "../../db/repositories/content-repository";
import { refusal } from "../errors";
import { decodeArticleCursor, encodeArticleCursor } from "./article-cursor";

export interface SiteFacts {
  /** The host users open the app at. */
  domain: string;
  /** ISO 3166-1 alpha-2 or "". */
  country: string;
  mode: SystemSettings["mode"];
}

export async function readSettings(
  db: Queryable,
  lang: Lang,
  facts: SiteFacts,
): Promise<SystemSettings> {
  const rows = await settingsFor(db, lang);
  const byAlias = new Map(rows.map((row) => [row.alias, row.dataset]));
  // Known aliases only, in the protocol's order; a dataset is stored as the seed typed it.
  const content = SETTING_ALIASES.flatMap((alias) =>
    byAlias.has(alias) ? [{ alias, dataset: byAlias.get(alias) } as SettingItem] : [],
  );
  return { content, ...facts };
}

export async function readLinks(db: Queryable, lang: Lang): Promise<LinkItem[]> {
  const rows = await linksFor(db, lang);
  return rows.map((row) => ({
    id: row.id,
    alias: row.alias as LinkAlias,
    title: row.title,
    url: row.url,
    // The operator's mark and the CSP both (link-frames.ts); otherwise the viewer opens it outside.
    frameable: row.frameable && frameAllowed(row.url),
  }));
}

export interface ArticleListQuery {
  lang: Lang;
  category: ArticleCategory | null;
  cursor: string | null;
  limit: number;
}

export async function readArticles(
  db: Queryable,
  q: ArticleListQuery,
): Promise<ListPage<ArticleItem>> {
  const after = decodeArticleCursor(q.cursor);
  // One extra row tells whether another page exists, without a count.
  const rows = await listArticles(db, { ...q, after, limit: q.limit + 1 });
  const items = rows.slice(0, q.limit);
  const last = items.at(-1);
  return {
    items: items.map(toArticleItem),
    nextCursor: rows.length > q.limit && last ? encodeArticleCursor(last) : null,
  };
}

const ARTICLE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

export async function readArticle(db: Queryable, id: string, lang: Lang): Promise<Article> {
  const row = ARTICLE_ID.test(id) ? await findArticle(db, id, lang) : null;
  if (row === null) throw refusal("NOT_FOUND", "No such article");
  return { ...toArticleItem(row), body: row.body };
}

function toArticleItem(row: ArticleListRow): ArticleItem {
  return {
    id: row.id,
    category: row.category as ArticleCategory,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    publishedAt: row.published_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
