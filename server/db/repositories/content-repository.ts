// Public content (migration 004): system_settings, links, articles and article_texts. Reads
// answer one language with the English row as the fallback, each in one statement, so the
// public GETs cost one round trip.
import type { Queryable } from "../db";

export interface SettingRow {
  alias: string;
  dataset: unknown;
}

export interface LinkRow {
  id: string;
  alias: string;
  title: string;
  url: string;
  frameable: boolean;
}

export interface ArticleListRow {
  id: string;
  category: string;
  cover: string | null;
  sort: number;
  title: string;
  summary: string;
  published_at: Date;
  updated_at: Date;
  /** published_at in UTC with microseconds, exactly as stored: the list cursor's timestamp. */
  published_key: string;
}

export interface ArticleRow extends ArticleListRow {
  body: string;
}

/** The position after which a list page starts (the previous page's last item). */
export interface ArticleCursor {
  publishedAt: string;
  sort: number;
  id: string;
}

/** Settings in `lang`, each alias falling back to its English row. */
export async function settingsFor(db: Queryable, lang: string): Promise<SettingRow[]> {
  return db.query<SettingRow>(
    `SELECT DISTINCT ON (alias) alias, dataset
       FROM system_settings
      WHERE lang IN ($1, 'en')
      ORDER BY alias, (lang = $1) DESC`,
    [lang],
  );
}

/** Links in display order, each in `lang` or else English. */
export async function linksFor(db: Queryable, lang: string): Promise<LinkRow[]> {
  return db.query<LinkRow>(
    `SELECT id, alias, title, url, frameable FROM (
       SELECT DISTINCT ON (id) id, alias, title, url, sort, frameable
         FROM links
        WHERE lang IN ($1, 'en')
        ORDER BY id, (lang = $1) DESC
     ) l
     ORDER BY sort, id`,
    [lang],
  );
}

// Newest first; within one publication time lower `sort` first (help questions keep their
// order), then id. The cursor is the previous page's last (published_at, sort, id).
export const PUBLISHED_KEY = `to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
/** Rows after the cursor in $n (UTC timestamp text), $n+1 (sort) and $n+2 (id); none: all. */
export const after = (n: number) => `($${n}::timestamp IS NULL
             OR a.published_at < ($${n}::timestamp AT TIME ZONE 'UTC')
             OR (a.published_at = ($${n}::timestamp AT TIME ZONE 'UTC')
                 AND (a.sort, a.id) > ($${n + 1}::integer, $${n + 2}::text)))`;
const LIST_COLUMNS = `a.id, a.category, a.cover, a.sort, a.published_at, a.updated_at,
       ${PUBLISHED_KEY} AS published_key,
       COALESCE(t.title, e.title) AS title, COALESCE(t.summary, e.summary) AS summary`;
// Every article has an English text (seed and operator input require it); a language without
// its own text is served in English.
const WITH_TEXTS = `FROM articles a
       JOIN article_texts e ON e.article_id = a.id AND e.lang = 'en'
       LEFT JOIN article_texts t ON t.article_id = a.id AND t.lang = $1`;

export async function listArticles(
  db: Queryable,
  q: { lang: string; category: string | null; after: ArticleCursor | null; limit: number },
): Promise<ArticleListRow[]> {
  return db.query<ArticleListRow>(
    `SELECT ${LIST_COLUMNS}
       ${WITH_TEXTS}
      WHERE ($2::text IS NULL OR a.category = $2)
        AND ${after(3)}
      ORDER BY a.published_at DESC, a.sort, a.id
      LIMIT $6`,
    [
      q.lang,
      q.category,
      q.after?.publishedAt ?? null,
      q.after?.sort ?? 0,
      q.after?.id ?? "",
      q.limit,
    ],
  );
}

export async function findArticle(
  db: Queryable,
  id: string,
  lang: string,
): Promise<ArticleRow | null> {
  const [row] = await db.query<ArticleRow>(
    `SELECT ${LIST_COLUMNS}, COALESCE(t.body, e.body) AS body
       ${WITH_TEXTS}
      WHERE a.id = $2`,
    [lang, id],
  );
  return row ?? null;
}

/** For the "community" status probe: the content store answers with English content. */
export async function englishContentPresent(
  db: Queryable,
): Promise<{ articles: boolean; links: boolean }> {
  const [row] = await db.query<{ articles: boolean; links: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM article_texts WHERE lang = 'en') AS articles,
            EXISTS (SELECT 1 FROM links WHERE lang = 'en') AS links`,
  );
  return row ?? { articles: false, links: false };
}

// ---- Writes of the seed (seed-content.ts); articles are written in article-repository.ts. ----

export interface SettingInput {
  alias: string;
  lang: string;
  dataset: unknown;
}

/**
 * Upserts the seed's settings; a row whose dataset is unchanged keeps its updated_at, and a row an
 * operator edited (a `setting.edit` row in the append-only audit log, as `article.delete` keeps a
 * deleted article deleted) is left as the operator left it. Returns rows written.
 */
export async function upsertSettings(tx: Queryable, rows: SettingInput[]): Promise<number> {
  const written = await tx.query(
    `INSERT INTO system_settings (alias, lang, dataset)
     SELECT alias, lang, dataset FROM jsonb_to_recordset($1::jsonb) AS x(alias text, lang text, dataset jsonb)
     ON CONFLICT (alias, lang) DO UPDATE SET dataset = EXCLUDED.dataset, updated_at = now()
      WHERE system_settings.dataset IS DISTINCT FROM EXCLUDED.dataset
        AND NOT EXISTS (SELECT 1 FROM audit_log a
                         WHERE a.action = 'setting.edit' AND a.target_kind = 'setting'
                           AND a.target_id = system_settings.alias || '/' || system_settings.lang)
     RETURNING alias`,
    [JSON.stringify(rows)],
  );
  return written.length;
}

export interface LinkInput {
  id: string;
  lang: string;
  alias: string;
  title: string;
  url: string;
  sort: number;
}

/**
 * Makes the seed's links exactly `rows`: upserts changed rows, deletes seed rows not among them.
 * Links an operator edited (origin 'operator', migration 015) are left as the operator left them.
 */
export async function replaceLinks(tx: Queryable, rows: LinkInput[]): Promise<number> {
  const removed = await tx.query(
    `DELETE FROM links l
      WHERE l.origin = 'seed'
        AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($1::jsonb) AS x(id text, lang text)
                         WHERE x.id = l.id AND x.lang = l.lang)
     RETURNING id`,
    [JSON.stringify(rows)],
  );
  const written = await tx.query(
    `INSERT INTO links (id, lang, alias, title, url, sort)
     SELECT id, lang, alias, title, url, sort
       FROM jsonb_to_recordset($1::jsonb)
         AS x(id text, lang text, alias text, title text, url text, sort integer)
      -- A link an operator edited is theirs in every language: no seed row joins it.
      WHERE NOT EXISTS (SELECT 1 FROM links o WHERE o.id = x.id AND o.origin = 'operator')
     ON CONFLICT (id, lang) DO UPDATE
        SET alias = EXCLUDED.alias, title = EXCLUDED.title, url = EXCLUDED.url,
            sort = EXCLUDED.sort, updated_at = now()
      WHERE links.origin = 'seed' AND (links.alias, links.title, links.url, links.sort)
            IS DISTINCT FROM (EXCLUDED.alias, EXCLUDED.title, EXCLUDED.url, EXCLUDED.sort)
     RETURNING id`,
    [JSON.stringify(rows)],
  );
  return removed.length + written.length;
}

export interface AdminLinkRow {
  id: string;
  lang: string;
  alias: string;
  title: string;
  url: string;
  sort: number;
  origin: "seed" | "operator";
  frameable: boolean;
  updated_at: Date;
}

/** Every link row, in display order then language (English first). */
export async function allLinkRows(db: Queryable, id?: string): Promise<AdminLinkRow[]> {
  return db.query<AdminLinkRow>(
    `SELECT id, lang, alias, title, url, sort, origin, frameable, updated_at
       FROM links
      WHERE $1::text IS NULL OR id = $1
      ORDER BY sort, id, (lang = 'en') DESC, lang`,
    [id ?? null],
  );
}

/**
 * An operator's edit of link `id`: the url and frameable flag of every language, the title of
 * `lang` (a language without a row gets one, copied from English). The link becomes the
 * operator's. Returns false when no such link exists.
 */
export async function editLinkRows(
  tx: Queryable,
  id: string,
  edit: { url: string | null; frameable: boolean | null; lang: string; title: string | null },
): Promise<boolean> {
  const locked = await tx.query("SELECT 1 FROM links WHERE id = $1 FOR UPDATE", [id]);
  if (locked.length === 0) return false;
  await tx.query(
    `UPDATE links SET url = coalesce($2, url), frameable = coalesce($3, frameable),
            origin = 'operator', updated_at = now()
      WHERE id = $1`,
    [id, edit.url, edit.frameable],
  );
  if (edit.title !== null) {
    await tx.query(
      `INSERT INTO links (id, lang, alias, title, url, sort, origin, frameable)
       SELECT id, $2, alias, $3, url, sort, 'operator', frameable FROM links
        WHERE id = $1 AND lang = 'en'
       ON CONFLICT (id, lang) DO UPDATE SET title = EXCLUDED.title, updated_at = now()`,
      [id, edit.lang, edit.title],
    );
  }
  return true;
}
