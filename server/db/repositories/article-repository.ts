// Article writes (migration 004 articles, article_texts): the seed (seed-content.ts) and
// operators (article-admin.ts). Public reads live in content-repository.ts.
import type { Queryable } from "../db";
import { after, PUBLISHED_KEY, type ArticleCursor } from "./content-repository";

export interface TextInput {
  lang: string;
  title: string;
  summary: string;
  body: string;
}

export interface StoredArticle {
  id: string;
  category: string;
  cover: string | null;
  sort: number;
  origin: "seed" | "operator";
  published_at: Date;
  updated_at: Date;
  texts: TextInput[];
}

const STORED_COLUMNS = `a.id, a.category, a.cover, a.sort, a.origin, a.published_at, a.updated_at,
       COALESCE((SELECT json_agg(json_build_object('lang', t.lang, 'title', t.title,
                  'summary', t.summary, 'body', t.body) ORDER BY t.lang)
                   FROM article_texts t WHERE t.article_id = a.id), '[]') AS texts`;

/** Every article with all its texts (the seed compares against these). */
export async function allStoredArticles(db: Queryable): Promise<StoredArticle[]> {
  return db.query<StoredArticle>(`SELECT ${STORED_COLUMNS} FROM articles a ORDER BY a.id`);
}

/** One article with its texts, row-locked until the transaction ends. */
export async function lockStoredArticle(tx: Queryable, id: string): Promise<StoredArticle | null> {
  const [row] = await tx.query<StoredArticle>(
    `SELECT ${STORED_COLUMNS} FROM articles a WHERE a.id = $1 FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

export interface ArticleFields {
  id: string;
  category: string;
  cover: string | null;
  sort: number;
  /** null keeps the stored time (updates) or means now (inserts). */
  publishedAt: string | null;
}

/** Inserts a new article; null when the id is taken. */
export async function insertArticle(
  tx: Queryable,
  a: ArticleFields,
  origin: "seed" | "operator",
): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO articles (id, category, cover, sort, origin, published_at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()))
     ON CONFLICT (id) DO NOTHING
     RETURNING id`,
    [a.id, a.category, a.cover, a.sort, origin, a.publishedAt],
  );
  return row?.id ?? null;
}

/**
 * Rewrites an article's fields and bumps updated_at. `onlySeed` makes it a no-op (null) when an
 * operator has taken the row over meanwhile, so the seed never overwrites an operator's edit.
 */
export async function updateArticle(
  tx: Queryable,
  a: ArticleFields,
  origin: "seed" | "operator",
  onlySeed: boolean,
): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `UPDATE articles
        SET category = $2, cover = $3, sort = $4, origin = $5,
            published_at = COALESCE($6::timestamptz, published_at), updated_at = now()
      WHERE id = $1 AND (NOT $7 OR origin = 'seed')
     RETURNING id`,
    [a.id, a.category, a.cover, a.sort, origin, a.publishedAt, onlySeed],
  );
  return row?.id ?? null;
}

/** Makes the article's texts exactly `texts` (languages not listed are removed). */
export async function replaceArticleTexts(
  tx: Queryable,
  articleId: string,
  texts: TextInput[],
): Promise<void> {
  const json = JSON.stringify(texts);
  await tx.query(
    `DELETE FROM article_texts
      WHERE article_id = $1
        AND lang NOT IN (SELECT lang FROM jsonb_to_recordset($2::jsonb) AS x(lang text))`,
    [articleId, json],
  );
  await tx.query(
    `INSERT INTO article_texts (article_id, lang, title, summary, body)
     SELECT $1, lang, title, summary, body
       FROM jsonb_to_recordset($2::jsonb) AS x(lang text, title text, summary text, body text)
     ON CONFLICT (article_id, lang) DO UPDATE
        SET title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body`,
    [articleId, json],
  );
}

export async function deleteArticle(tx: Queryable, id: string): Promise<boolean> {
  const rows = await tx.query("DELETE FROM articles WHERE id = $1 RETURNING id", [id]);
  return rows.length > 0;
}

/**
 * Ids among `ids` that an operator deleted (audit action "article.delete"): the seed must not
 * bring a deleted article back. The audit log is append-only, so this record cannot be lost.
 */
export async function deletedArticleIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  const rows = await db.query<{ target_id: string }>(
    `SELECT DISTINCT target_id FROM audit_log
      WHERE action = 'article.delete' AND target_kind = 'article' AND target_id = ANY($1::text[])`,
    [ids],
  );
  return new Set(rows.map((r) => r.target_id));
}

export interface AdminArticleRow {
  id: string;
  category: string;
  cover: string | null;
  sort: number;
  origin: "seed" | "operator";
  title: string;
  langs: string[];
  published_at: Date;
  updated_at: Date;
  published_key: string;
}

/** Operators' list: every article in public order with its English title and languages. */
export async function listAdminArticles(
  db: Queryable,
  q: { after: ArticleCursor | null; limit: number },
): Promise<AdminArticleRow[]> {
  return db.query<AdminArticleRow>(
    `SELECT a.id, a.category, a.cover, a.sort, a.origin, a.published_at, a.updated_at,
            ${PUBLISHED_KEY} AS published_key,
            COALESCE((SELECT title FROM article_texts WHERE article_id = a.id AND lang = 'en'), a.id)
              AS title,
            ARRAY(SELECT lang FROM article_texts WHERE article_id = a.id ORDER BY lang) AS langs
       FROM articles a
      WHERE ${after(1)}
      ORDER BY a.published_at DESC, a.sort, a.id
      LIMIT $4`,
    [q.after?.publishedAt ?? null, q.after?.sort ?? 0, q.after?.id ?? "", q.limit],
  );
}
