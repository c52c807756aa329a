// `npm run admin -- article list|add|edit|delete`: operators manage articles from a shell. The
// article comes from a JSON file (the same body as POST /admin/articles), read by the CLI so
// the command that travels over the admin socket is self-contained JSON.
import { readFile } from "node:fs/promises";
import type { ListPage } from "../../protocol/list";
import type { Db } from "../db/db";
import {
  createArticle,
  editArticle,
  listArticlesForOperators,
  removeArticle,
  type AdminArticle,
  type AdminArticleItem,
} from "../domain/content/article-admin";
import { ARTICLE_ID_PATTERN } from "../domain/content/article-input";
import type { OperatorActor } from "../domain/operators/operator-actor";
import { MAX_PAGE_SIZE } from "../domain/operators/list-page";
import { ApiError } from "../plugins/envelope";

export type ArticleCommand =
  | { name: "article-list"; cursor: string | null }
  | { name: "article-add"; article: unknown }
  | { name: "article-edit"; id: string; article: unknown }
  | { name: "article-delete"; id: string };

/** What argv names before the file is read. */
export type ArticleArgs =
  | Extract<ArticleCommand, { name: "article-list" | "article-delete" }>
  | { name: "article-add"; file: string }
  | { name: "article-edit"; id: string; file: string };

export type ArticleResult =
  | { kind: "article-list"; page: ListPage<AdminArticleItem> }
  | { kind: "article-saved"; created: boolean; article: AdminArticle }
  | { kind: "article-deleted"; id: string };

export const ARTICLE_USAGE = `  article list [--cursor <c>]          list articles (newest first) with their languages
  article add --file <article.json>   add an article: { id?, category, cover?, publishedAt?,
                                      sort?, texts: { en: { title, summary, body }, <lang>?: … } }
  article edit <id> --file <a.json>   replace an article's fields and texts (kept from then on,
                                      even when the repository's seed text changes)
  article delete <id>                 delete an article (a seed article stays deleted)`;

/** Largest article file the CLI reads (the admin API takes up to 8 MiB too). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export function parseArticleArgs(args: readonly string[]): ArticleArgs | { error: string } {
  const [sub, ...rest] = args;
  const flag = (name: string): string | null | undefined => {
    const at = rest.indexOf(name);
    if (at < 0) return undefined;
    const value = rest[at + 1];
    rest.splice(at, 2);
    return value === undefined || value.startsWith("--") ? null : value;
  };
  const usage = (what: string) => ({ error: `"article ${sub ?? ""}" ${what}` });
  switch (sub) {
    case "list": {
      const cursor = flag("--cursor");
      if (cursor === null || rest.length > 0) return usage("takes only --cursor <cursor>.");
      return { name: "article-list", cursor: cursor ?? null };
    }
    case "add": {
      const file = flag("--file");
      if (!file || rest.length > 0) return usage("takes --file <article.json>.");
      return { name: "article-add", file };
    }
    case "edit":
    case "delete": {
      const file = sub === "edit" ? flag("--file") : undefined;
      const [id, ...extra] = rest;
      if (id === undefined || extra.length > 0 || (sub === "edit" && !file)) {
        return usage(
          sub === "edit" ? "takes <id> --file <article.json>." : "takes exactly one <id>.",
        );
      }
      if (!ARTICLE_ID_PATTERN.test(id)) return { error: `"${id}" is not an article id (a slug).` };
      return sub === "edit" && file
        ? { name: "article-edit", id, file }
        : { name: "article-delete", id };
    }
    default:
      return { error: `Unknown article command "${sub ?? ""}"; use list, add, edit or delete.` };
  }
}

/** Reads the JSON file an add or edit names; its problems are the operator's to fix (exit 1). */
export async function loadArticleArgs(args: ArticleArgs): Promise<ArticleCommand> {
  if (args.name !== "article-add" && args.name !== "article-edit") return args;
  let text: string;
  try {
    text = await readFile(args.file, "utf8");
  } catch (err) {
    const reason = err instanceof Error && "code" in err ? String(err.code) : String(err);
    throw new ApiError(400, "BAD_REQUEST", `Cannot read ${args.file} (${reason})`);
  }
  if (text.length > MAX_FILE_BYTES) {
    throw new ApiError(413, "PAYLOAD_TOO_LARGE", `${args.file} is larger than 8 MiB`);
  }
  let article: unknown;
  try {
    article = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ApiError(400, "BAD_JSON", `${args.file} is not valid JSON: ${reason}`);
  }
  return args.name === "article-add"
    ? { name: "article-add", article }
    : { name: "article-edit", id: args.id, article };
}

/** An article command that arrived as JSON (the admin socket): null unless well-formed. */
export function articleCommandFromJson(v: Record<string, unknown>): ArticleCommand | null {
  const id = typeof v.id === "string" && ARTICLE_ID_PATTERN.test(v.id) ? v.id : null;
  switch (v.name) {
    case "article-list": {
      const cursor = v.cursor ?? null;
      if (cursor !== null && (typeof cursor !== "string" || cursor.length > 300)) return null;
      return { name: "article-list", cursor };
    }
    case "article-add":
      return "article" in v ? { name: "article-add", article: v.article } : null;
    case "article-edit":
      return id !== null && "article" in v
        ? { name: "article-edit", id, article: v.article }
        : null;
    case "article-delete":
      return id !== null ? { name: "article-delete", id } : null;
    default:
      return null;
  }
}

export async function runArticleCommand(
  db: Db,
  command: ArticleCommand,
  actor: OperatorActor,
): Promise<ArticleResult> {
  switch (command.name) {
    case "article-list":
      return {
        kind: "article-list",
        page: await listArticlesForOperators(db, { cursor: command.cursor, limit: MAX_PAGE_SIZE }),
      };
    case "article-add":
      return {
        kind: "article-saved",
        created: true,
        article: await createArticle(db, actor, command.article),
      };
    case "article-edit":
      return {
        kind: "article-saved",
        created: false,
        article: await editArticle(db, actor, command.id, command.article),
      };
    case "article-delete":
      return { kind: "article-deleted", id: (await removeArticle(db, actor, command.id)).id };
  }
}

export function describeArticleResult(result: ArticleResult): string {
  switch (result.kind) {
    case "article-list": {
      const { items, nextCursor } = result.page;
      if (items.length === 0) return "No articles.";
      const lines = items.map(
        (a) =>
          `${a.id}  ${a.category}  ${a.origin}  ${a.publishedAt}  [${a.languages.join(",")}]  ${a.title}`,
      );
      if (nextCursor) lines.push(`More: npm run admin -- article list --cursor ${nextCursor}`);
      return lines.join("\n");
    }
    case "article-saved": {
      const a = result.article;
      return `${result.created ? "Added" : "Updated"} article "${a.id}" (${a.category}; languages ${a.languages.join(", ")}).`;
    }
    case "article-deleted":
      return `Deleted article "${result.id}".`;
  }
}
