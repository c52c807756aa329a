// Operators add, edit, delete and list articles (admin API and `npm run admin -- article`).
// Every change is audited in its own transaction. An edit turns a seed article into an
// operator article, which the seed never overwrites again; a deleted seed article stays deleted.
import { randomBytes } from "node:crypto";
import type { ArticleCategory, Lang } from "../../../protocol/content";
import type { ListPage } from "../../../protocol/list";
import type { Db, Queryable } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import {
  deleteArticle,
  insertArticle,
  listAdminArticles,
  lockStoredArticle,
  replaceArticleTexts,
  updateArticle,
  type AdminArticleRow,
  type StoredArticle,
} from "../../db/repositories/article-repository";
import { conflict, invalid, refusal, type DomainError } from "../errors";
import type { OperatorActor } from "../operators/operator-actor";
import { decodeArticleCursor, encodeArticleCursor } from "./article-cursor";
import { parseArticleInput, type ArticleInput } from "./article-input";
import type { ArticleText } from "./seed/types";

export interface AdminArticleItem {
  id: string;
  category: ArticleCategory;
  cover: string | null;
  sort: number;
  /** "seed": the repository's text, refreshed on start; "operator": edited here, kept. */
  origin: "seed" | "operator";
  /** The English title. */
  title: string;
  /** Languages with their own text (others are served in English). */
  languages: Lang[];
  publishedAt: string;
  updatedAt: string;
}

export interface AdminArticle extends AdminArticleItem {
  texts: Partial<Record<Lang, ArticleText>>;
}

export async function createArticle(
  db: Db,
  actor: OperatorActor,
  raw: unknown,
): Promise<AdminArticle> {
  const input = parseArticleInput(raw);
  return db.transaction(async (tx) => {
    const id = await insertWithFreeId(tx, input);
    await replaceArticleTexts(tx, id, textRows(input));
    await audit(tx, actor, "article.create", id, input);
    return toAdminArticle(await mustFind(tx, id));
  });
}

export async function editArticle(
  db: Db,
  actor: OperatorActor,
  id: string,
  raw: unknown,
): Promise<AdminArticle> {
  const input = parseArticleInput(raw);
  if (input.id !== null && input.id !== id) {
    throw invalid("id", "mismatch", 'Invalid body: "id" must match the article in the path');
  }
  return db.transaction(async (tx) => {
    const before = await lockStoredArticle(tx, id);
    if (before === null) throw notFound(id);
    const fields = { ...input, id };
    await updateArticle(tx, fields, "operator", false);
    await replaceArticleTexts(tx, id, textRows(input));
    await audit(tx, actor, "article.update", id, input, { previousOrigin: before.origin });
    return toAdminArticle(await mustFind(tx, id));
  });
}

export async function removeArticle(
  db: Db,
  actor: OperatorActor,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return db.transaction(async (tx) => {
    const before = await lockStoredArticle(tx, id);
    if (before === null || !(await deleteArticle(tx, id))) throw notFound(id);
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: "article.delete",
      targetKind: "article",
      targetId: id,
      detail: { category: before.category, origin: before.origin },
    });
    return { id, deleted: true as const };
  });
}

/** One article with every language's text: what the console's editor opens. */
export async function readArticleForOperators(db: Db, id: string): Promise<AdminArticle> {
  // The store's one reader of a whole article locks it; a read in its own short transaction.
  return db.transaction(async (tx) => {
    const row = await lockStoredArticle(tx, id);
    if (row === null) throw notFound(id);
    return toAdminArticle(row);
  });
}

export async function listArticlesForOperators(
  db: Queryable,
  q: { cursor: string | null; limit: number },
): Promise<ListPage<AdminArticleItem>> {
  const rows = await listAdminArticles(db, {
    after: decodeArticleCursor(q.cursor),
    limit: q.limit + 1,
  });
  const items = rows.slice(0, q.limit);
  const last = items.at(-1);
  return {
    items: items.map(toAdminItem),
    nextCursor: rows.length > q.limit && last ? encodeArticleCursor(last) : null,
  };
}

/** The given id, or one made from the English title ("what-is-ai-quant", then a suffix). */
async function insertWithFreeId(tx: Queryable, input: ArticleInput): Promise<string> {
  const fields = { ...input, id: input.id ?? slugify(input.texts.en.title) };
  if (await insertArticle(tx, fields, "operator")) return fields.id;
  if (input.id !== null) {
    throw conflict(
      "already-exists",
      `An article with id "${input.id}" exists; edit it instead (PUT /admin/articles/${input.id})`,
    );
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = `${fields.id.slice(0, 55)}-${randomBytes(3).toString("hex")}`;
    if (await insertArticle(tx, { ...fields, id }, "operator")) return id;
  }
  throw new Error("no free article id after 5 attempts");
}

export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return slug === "" ? "article" : slug;
}

function textRows(input: ArticleInput) {
  return Object.entries(input.texts).map(([lang, text]) => ({ lang, ...text }));
}

async function audit(
  tx: Queryable,
  actor: OperatorActor,
  action: string,
  id: string,
  input: ArticleInput,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await appendAudit(tx, {
    actorId: actor.id,
    actorLabel: actor.label,
    action,
    targetKind: "article",
    targetId: id,
    detail: { category: input.category, languages: Object.keys(input.texts).sort(), ...extra },
  });
}

async function mustFind(tx: Queryable, id: string): Promise<StoredArticle> {
  const row = await lockStoredArticle(tx, id);
  if (row === null) throw new Error(`article ${id} vanished inside its transaction`);
  return row;
}

function notFound(id: string): DomainError {
  return refusal("NOT_FOUND", `No article with id "${id}"`);
}

function toAdminArticle(row: StoredArticle): AdminArticle {
  const texts: Partial<Record<Lang, ArticleText>> = {};
  for (const t of row.texts)
    texts[t.lang as Lang] = { title: t.title, summary: t.summary, body: t.body };
  return {
    id: row.id,
    category: row.category as ArticleCategory,
    cover: row.cover,
    sort: row.sort,
    origin: row.origin,
    title: texts.en?.title ?? row.id,
    languages: row.texts.map((t) => t.lang as Lang),
    publishedAt: row.published_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    texts,
  };
}

function toAdminItem(row: AdminArticleRow): AdminArticleItem {
  return {
    id: row.id,
    category: row.category as ArticleCategory,
    cover: row.cover,
    sort: row.sort,
    origin: row.origin,
    title: row.title,
    languages: row.langs as Lang[],
    publishedAt: row.published_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
