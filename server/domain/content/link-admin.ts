// Operators list and edit the contact and footer links (admin API GET /admin/links,
// PUT /admin/links/{id}; `npm run admin -- link list|set`). Every edit is audited in its own
// transaction. An edited link becomes the operator's (links.origin), which the seed on start
// never rewrites or removes again (seed-content.ts).
import { isLang, type Lang } from "../../../protocol/content";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import {
  allLinkRows,
  editLinkRows,
  type AdminLinkRow,
} from "../../db/repositories/content-repository";
import { invalid, refusal } from "../errors";
import type { OperatorActor } from "../operators/operator-actor";

export interface AdminLink {
  id: string;
  alias: string;
  url: string;
  sort: number;
  /** "seed": the repository's, refreshed on start; "operator": edited, kept. */
  origin: "seed" | "operator";
  /** The operator's mark; the viewer frames it only where the CSP admits it too. */
  frameable: boolean;
  /** Title per language that has its own row (others are served the English one). */
  titles: Partial<Record<Lang, string>>;
  updatedAt: string;
}

export interface LinkEdit {
  url: string | null;
  title: string | null;
  lang: Lang;
  frameable: boolean | null;
}

// The links table's own check (migration 004): https, mailto: or an in-app path.
const URL_PATTERN = /^(https:\/\/[^\s]+|mailto:[^\s]+|\/[^\s]*)$/;
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Checks an edit's fields; a VALIDATION refusal naming the first bad one. */
export function parseLinkEdit(raw: unknown): LinkEdit {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw invalid(
      "body",
      "format",
      "The body must be an object with url, title, lang or frameable.",
    );
  }
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).filter(
    (k) => !["url", "title", "lang", "frameable"].includes(k),
  );
  if (unknown.length > 0)
    throw invalid(unknown[0] ?? "", "not-allowed", `Unknown field "${unknown[0]}".`);
  const { url = null, title = null, lang = "en", frameable = null } = body;
  if (url !== null && (typeof url !== "string" || url.length > 2000 || !URL_PATTERN.test(url))) {
    throw invalid(
      "url",
      "format",
      '"url" must be an https:// URL, a mailto: address or an in-app path (≤ 2000).',
    );
  }
  if (
    title !== null &&
    (typeof title !== "string" || title.trim().length === 0 || title.trim().length > 200)
  ) {
    throw invalid("title", "length", '"title" must be 1 to 200 characters.', 200);
  }
  if (!isLang(lang))
    throw invalid("lang", "format", '"lang" must be one of the app\'s languages (en, de, …).');
  if (frameable !== null && typeof frameable !== "boolean") {
    throw invalid("frameable", "format", '"frameable" must be true or false.');
  }
  if (url === null && title === null && frameable === null) {
    throw invalid("body", "required", "Nothing to change: give url, title or frameable.");
  }
  return { url, title: title === null ? null : title.trim(), lang, frameable };
}

export async function listLinksForOperators(db: Db): Promise<AdminLink[]> {
  return groupLinks(await allLinkRows(db));
}

export async function editLink(
  db: Db,
  actor: OperatorActor,
  id: string,
  raw: unknown,
): Promise<AdminLink> {
  if (!ID_PATTERN.test(id)) throw refusal("NOT_FOUND", `No link "${id}".`);
  const edit = parseLinkEdit(raw);
  return db.transaction(async (tx) => {
    const before = groupLinks(await allLinkRows(tx, id))[0];
    if (before === undefined || !(await editLinkRows(tx, id, edit))) {
      throw refusal("NOT_FOUND", `No link "${id}".`);
    }
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: "link.edit",
      targetKind: "link",
      targetId: id,
      detail: {
        before: { url: before.url, title: before.titles[edit.lang] ?? null },
        ...edit,
      },
    });
    const after = groupLinks(await allLinkRows(tx, id))[0];
    if (after === undefined) throw new Error(`link ${id} vanished inside its edit`);
    return after;
  });
}

function groupLinks(rows: AdminLinkRow[]): AdminLink[] {
  const byId = new Map<string, AdminLink>();
  for (const row of rows) {
    let link = byId.get(row.id);
    if (link === undefined) {
      link = {
        id: row.id,
        alias: row.alias,
        url: row.url,
        sort: row.sort,
        origin: row.origin,
        frameable: row.frameable,
        titles: {},
        updatedAt: row.updated_at.toISOString(),
      };
      byId.set(row.id, link);
    }
    if (isLang(row.lang)) link.titles[row.lang] = row.title;
    if (row.updated_at.toISOString() > link.updatedAt)
      link.updatedAt = row.updated_at.toISOString();
  }
  return [...byId.values()];
}
