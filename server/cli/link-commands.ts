// `npm run admin -- link list [--full]` and `link set <id> [--url <u>] [--title <t>] [--lang <l>]
// [--frameable yes|no]`: the contact and footer links from a shell, through the same domain
// functions as /admin/links (checked and audited there). <id> is the link's id, which for the
// single-link aliases (live-chat, messaging-app, help-centre…) is the alias itself.
import type { Db } from "../db/db";
import { editLink, listLinksForOperators, type AdminLink } from "../domain/content/link-admin";
import type { OperatorActor } from "../domain/operators/operator-actor";

export type LinkCommand =
  { name: "link-list" } | { name: "link-set"; id: string; edit: Record<string, string | boolean> };

export type LinkResult =
  { kind: "link-list"; links: AdminLink[] } | { kind: "link-saved"; link: AdminLink };

export const LINK_USAGE = `  link list                           the contact and footer links, whose (seed or operator), url
  link set <id> [--url <u>] [--title <t>] [--lang <l>] [--frameable yes|no]
                                      edit a link (title in --lang, default en); an edited link is
                                      kept as the operator left it, the seed no longer rewrites it`;

const ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
const OPTIONS = ["url", "title", "lang", "frameable"] as const;

export function parseLinkArgs(args: readonly string[]): LinkCommand | { error: string } {
  const [sub, id, ...rest] = args;
  if (sub === "list") {
    return id === undefined ? { name: "link-list" } : { error: '"link list" takes no argument.' };
  }
  if (sub !== "set") return { error: `Unknown link command "${sub ?? ""}"; use list or set.` };
  if (id === undefined || !ID.test(id)) return { error: '"link set" takes a link id first.' };
  const edit: Record<string, string | boolean> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i] ?? "";
    const value = rest[i + 1];
    const option = OPTIONS.find((o) => flag === `--${o}`);
    if (option === undefined || value === undefined) {
      return { error: `"link set": expected --url, --title, --lang or --frameable with a value.` };
    }
    if (option === "frameable") {
      if (value !== "yes" && value !== "no") return { error: '"--frameable" takes yes or no.' };
      edit.frameable = value === "yes";
    } else {
      edit[option] = value;
    }
  }
  if (Object.keys(edit).filter((k) => k !== "lang").length === 0) {
    return { error: '"link set" needs --url, --title or --frameable.' };
  }
  return { name: "link-set", id, edit };
}

/** A link command that arrived as JSON (the admin socket): null unless well-formed. */
export function linkCommandFromJson(v: Record<string, unknown>): LinkCommand | null {
  if (v.name === "link-list") return { name: "link-list" };
  if (v.name !== "link-set" || typeof v.id !== "string" || !ID.test(v.id)) return null;
  if (typeof v.edit !== "object" || v.edit === null || Array.isArray(v.edit)) return null;
  const edit: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(v.edit)) {
    if (typeof value !== "string" && typeof value !== "boolean") return null;
    edit[key] = value;
  }
  return { name: "link-set", id: v.id, edit };
}

export async function runLinkCommand(
  db: Db,
  command: LinkCommand,
  actor: OperatorActor,
): Promise<LinkResult> {
  if (command.name === "link-list") {
    return { kind: "link-list", links: await listLinksForOperators(db) };
  }
  return { kind: "link-saved", link: await editLink(db, actor, command.id, command.edit) };
}

export function describeLinkResult(result: LinkResult): string {
  const line = (link: AdminLink) =>
    [
      link.id,
      link.alias,
      link.origin,
      link.frameable ? "frameable" : "",
      link.url,
      `"${link.titles.en ?? Object.values(link.titles)[0] ?? ""}"`,
    ]
      .filter((part) => part !== "")
      .join("  ");
  if (result.kind === "link-saved") return `Saved link ${line(result.link)}`;
  return result.links.length === 0 ? "No links." : result.links.map(line).join("\n");
}
