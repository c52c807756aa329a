// Operators edit the contact and footer links through /admin/links and `npm run admin -- link`
// (real app, PGlite): operators only, every field checked, every edit audited, and an edited
// link survives a restart — the seed that runs on start no longer rewrites or removes it — while
// unedited links still follow the repository.
import { describe, expect, it } from "vitest";
import type { LinkItem } from "../../protocol/content";
import { API_BASE } from "../../protocol/paths";
import {
  commandFromJson,
  parseAdminArgs,
  runAdminCommand,
  type AdminCommand,
} from "../../server/cli/admin-commands";
import { describeResult } from "../../server/cli/describe-result";
import type { AdminLink } from "../../server/domain/content/link-admin";
import { REPOSITORY_SEED, seedContent } from "../../server/domain/content/seed-content";
import { cliActor } from "../../server/domain/operators/operator-actor";
import { useContentAdmin } from "./helpers/content-admin";
import { createUserSession } from "./helpers/sessions";

const { getDb, app, admin } = useContentAdmin();

async function publicLinks(lang = "en"): Promise<LinkItem[]> {
  const response = await app.inject({ url: `${API_BASE}/system/link?lang=${lang}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ Data: LinkItem[] }>().Data;
}

const linkRows = () =>
  getDb().query<{ id: string; lang: string; url: string; title: string; origin: string }>(
    "SELECT id, lang, url, title, origin FROM links ORDER BY id, lang",
  );

describe("/admin/links", () => {
  it("is for operators only", async () => {
    const user = await createUserSession(getDb());
    expect((await admin("GET", "/links", undefined, user)).statusCode).toBe(403);
    const put = await admin("PUT", "/links/live-chat", { url: "mailto:x@y.example" }, user);
    expect(put.statusCode).toBe(403);
    expect((await app.inject({ url: `${API_BASE}/admin/links` })).statusCode).toBe(401);
  });

  it("lists every link with its origin, url and titles", async () => {
    const response = await admin("GET", "/links");
    expect(response.statusCode).toBe(200);
    const links = response.json<{ Data: AdminLink[] }>().Data;
    expect(links.map((l) => l.id)).toEqual(REPOSITORY_SEED.links.map((l) => l.id));
    expect(links[0]).toMatchObject({ id: "live-chat", origin: "seed", frameable: false });
    expect(Object.keys(links[0]?.titles ?? {})).toHaveLength(11);
  });

  it("edits url and a title, audited, and the edit survives a restart's seeding", async () => {
    const response = await admin("PUT", "/links/live-chat", {
      url: "mailto:help@operator.example",
      title: "Schreiben Sie uns",
      lang: "de",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ Data: AdminLink }>().Data).toMatchObject({
      id: "live-chat",
      origin: "operator",
      url: "mailto:help@operator.example",
      titles: { de: "Schreiben Sie uns" },
    });
    const [audit] = await getDb().query<{ action: string; target_id: string; actor_label: string }>(
      "SELECT action, target_id, actor_label FROM audit_log WHERE action = 'link.edit'",
    );
    expect(audit).toMatchObject({ action: "link.edit", target_id: "live-chat" });

    const before = await linkRows();
    // What the server does on every start; the repository's own live-chat link differs.
    const report = await seedContent(getDb());
    expect(report.links).toBe(0);
    expect(await linkRows()).toEqual(before);
    // Even when the repository changes that link, the operator's stays; others still follow.
    const changed = {
      ...REPOSITORY_SEED,
      links: REPOSITORY_SEED.links.map((l) =>
        l.id === "live-chat" || l.id === "partner-foundry"
          ? { ...l, url: "https://new.example" }
          : l,
      ),
    };
    await seedContent(getDb(), changed);
    const de = await publicLinks("de");
    expect(de.find((l) => l.id === "live-chat")).toMatchObject({
      url: "mailto:help@operator.example",
      title: "Schreiben Sie uns",
    });
    expect(de.find((l) => l.id === "partner-foundry")?.url).toBe("https://new.example");
    // A repository without the link does not remove the operator's.
    await seedContent(getDb(), {
      ...REPOSITORY_SEED,
      links: REPOSITORY_SEED.links.filter((l) => l.id !== "live-chat"),
    });
    expect((await publicLinks()).some((l) => l.id === "live-chat")).toBe(true);
  });

  it("refuses bad input with 400 naming the field and changes nothing", async () => {
    const before = await linkRows();
    for (const body of [
      { url: "javascript:alert(1)" },
      { url: "http://plain.example" },
      { title: "" },
      { title: "x".repeat(201) },
      { title: "ok", lang: "xx" },
      { frameable: "yes" },
      { colour: "red" },
      {},
    ]) {
      const response = await admin("PUT", "/links/live-chat", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ Code: string }>().Code).toBe("VALIDATION");
    }
    expect(
      (await admin("PUT", "/links/no-such-link", { url: "https://a.example" })).statusCode,
    ).toBe(404);
    expect(await linkRows()).toEqual(before);
  });

  it("frames a link only where the operator allowed it and the CSP admits its origin", async () => {
    await admin("PUT", "/links/partner-ethereum", { frameable: true });
    const links = await publicLinks();
    // No outside origin is admitted to frame-src in this build (content/link-frames.ts).
    expect(links.find((l) => l.id === "partner-ethereum")?.frameable).toBe(false);
    expect(links.every((l) => l.frameable === false)).toBe(true);
  });
});

describe("npm run admin -- link", () => {
  const run = async (...args: string[]) => {
    const parsed = parseAdminArgs(args);
    if (parsed === "help" || "error" in parsed || "file" in parsed) {
      throw new Error(`not a command: ${JSON.stringify(parsed)}`);
    }
    const command = commandFromJson(JSON.parse(JSON.stringify(parsed))) as AdminCommand;
    expect(command).toEqual(parsed);
    return describeResult(await runAdminCommand(getDb(), command, cliActor("olga")));
  };

  it("lists and sets links through the same rules, audited as the shell user", async () => {
    expect((await run("link", "list")).split("\n")[0]).toBe(
      'live-chat  live-chat  seed  mailto:support@quanta.example  "Contact support (example address)"',
    );
    expect(
      await run("link", "set", "messaging-app", "--url", "https://matrix.to/#/#ops:op.example"),
    ).toContain("messaging-app  messaging-app  operator  https://matrix.to/#/#ops:op.example");
    await seedContent(getDb());
    expect(await run("link", "list")).toContain("messaging-app  messaging-app  operator");
    const [audit] = await getDb().query<{ actor_label: string }>(
      "SELECT actor_label FROM audit_log WHERE action = 'link.edit'",
    );
    expect(audit?.actor_label).toBe("cli:olga");
    expect(parseAdminArgs(["link", "set", "live-chat"])).toEqual({
      error: '"link set" needs --url, --title or --frameable.',
    });
    expect(parseAdminArgs(["link", "set", "live-chat", "--frameable", "maybe"])).toEqual({
      error: '"--frameable" takes yes or no.',
    });
  });
});
