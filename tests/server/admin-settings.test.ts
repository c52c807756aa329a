// Operators edit the public settings (pitch, subscribe, footer) per language through
// /admin/settings (real app; PGlite, and PostgreSQL when DATABASE_URL is set): operators only,
// each alias's shape checked with nothing changed on a refusal, every edit audited, and an edited
// setting survives the seeding every start runs — other languages and aliases still follow the
// repository.
import { beforeEach, describe, expect, it } from "vitest";
import type { SystemSettings } from "../../protocol/content";
import { API_BASE } from "../../protocol/paths";
import type { AdminSetting } from "../../protocol/settings-admin";
import type { Db } from "../../server/db/db";
import { REPOSITORY_SEED, seedContent } from "../../server/domain/content/seed-content";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";

const FOOTER_DE = { operator: "Beispiel GmbH", copyright: "© 2026 Beispiel GmbH" };

function settingsSuite(getDb: () => Db) {
  const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
  let operator: TestSession;

  beforeEach(async () => {
    await seedContent(getDb());
    operator = await createUserSession(getDb(), { role: "operator", username: "olga" });
  });

  const admin = (method: "GET" | "PUT", url: string, payload?: unknown, session = operator) =>
    app.inject({
      method,
      url: `${API_BASE}/admin${url}`,
      headers: bearer(session),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const publicSettings = async (lang: string) => {
    const response = await app.inject({ url: `${API_BASE}/system/system?lang=${lang}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ Data: SystemSettings }>().Data.content;
  };
  const rows = () =>
    getDb().query(
      "SELECT alias, lang, dataset, updated_at FROM system_settings ORDER BY alias, lang",
    );

  it("is for operators; support reads but may not edit", async () => {
    const user = await createUserSession(getDb());
    expect((await admin("GET", "/settings", undefined, user)).statusCode).toBe(403);
    expect((await app.inject({ url: `${API_BASE}/admin/settings` })).statusCode).toBe(401);
    const support = await createUserSession(getDb(), { role: "support", username: "sam" });
    expect((await admin("GET", "/settings", undefined, support)).statusCode).toBe(200);
    const put = await admin("PUT", "/settings/footer/de", { dataset: FOOTER_DE }, support);
    expect(put.statusCode).toBe(403);
  });

  it("lists every alias in every language with its origin", async () => {
    const response = await admin("GET", "/settings");
    expect(response.statusCode).toBe(200);
    const settings = response.json<{ Data: AdminSetting[] }>().Data;
    expect(settings).toHaveLength(3 * Object.keys(REPOSITORY_SEED.langs).length);
    expect(settings.find((s) => s.alias === "footer" && s.lang === "en")).toMatchObject({
      origin: "seed",
      dataset: REPOSITORY_SEED.langs.en?.settings.footer,
    });
  });

  it("edits one language, audited, and the edit survives seeding", async () => {
    const response = await admin("PUT", "/settings/footer/de", {
      dataset: { operator: "  Beispiel GmbH ", copyright: FOOTER_DE.copyright },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ Data: AdminSetting }>().Data).toMatchObject({
      alias: "footer",
      lang: "de",
      origin: "operator",
      dataset: FOOTER_DE,
    });
    const [audit] = await getDb().query<{ target_id: string; actor_label: string }>(
      "SELECT target_id, actor_label FROM audit_log WHERE action = 'setting.edit'",
    );
    expect(audit).toEqual({ target_id: "footer/de", actor_label: "operator:olga" });

    const before = await rows();
    expect((await seedContent(getDb())).settings).toBe(0);
    expect(await rows()).toEqual(before);
    // The repository changes every footer: the operator's German one stays, the rest follow.
    const changed = {
      ...REPOSITORY_SEED,
      langs: Object.fromEntries(
        Object.entries(REPOSITORY_SEED.langs).map(([lang, content]) => [
          lang,
          {
            ...content,
            settings: { ...content.settings, footer: { operator: "New", copyright: "New" } },
          },
        ]),
      ),
    };
    await seedContent(getDb(), changed);
    const footer = (content: SystemSettings["content"]) =>
      content.find((c) => c.alias === "footer")?.dataset;
    expect(footer(await publicSettings("de"))).toEqual(FOOTER_DE);
    expect(footer(await publicSettings("fr"))).toEqual({ operator: "New", copyright: "New" });
  });

  it("checks each alias's shape: 400 naming the field, nothing changed", async () => {
    const before = await rows();
    const bad: [string, unknown, string][] = [
      ["/settings/footer/de", { dataset: { operator: "x" } }, "dataset.copyright"],
      ["/settings/footer/de", { dataset: { operator: "", copyright: "c" } }, "dataset.operator"],
      ["/settings/footer/de", { dataset: { ...FOOTER_DE, colour: "red" } }, "dataset.colour"],
      ["/settings/subscribe/en", { dataset: { title: "t", text: 5 } }, "dataset.text"],
      ["/settings/subscribe/en", { dataset: "text" }, "dataset"],
      [
        "/settings/pitch/en",
        { dataset: { title: "t", subtitle: "s", points: [] } },
        "dataset.points",
      ],
      [
        "/settings/pitch/en",
        { dataset: { title: "t", subtitle: "s", points: [{ title: "p" }] } },
        "dataset.points.0.text",
      ],
      [
        "/settings/subscribe/en",
        { dataset: { title: "x".repeat(201), text: "t" } },
        "dataset.title",
      ],
      ["/settings/footer/de", {}, "dataset"],
    ];
    for (const [url, body, field] of bad) {
      const response = await admin("PUT", url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ Code: string; Params: { field: string } }>()).toMatchObject({
        Code: "VALIDATION",
        Params: { field },
      });
    }
    expect((await admin("PUT", "/settings/banner/en", { dataset: FOOTER_DE })).statusCode).toBe(
      400,
    );
    expect((await admin("PUT", "/settings/footer/xx", { dataset: FOOTER_DE })).statusCode).toBe(
      400,
    );
    expect(await rows()).toEqual(before);
    const audits = await getDb().query("SELECT 1 FROM audit_log WHERE action = 'setting.edit'");
    expect(audits).toHaveLength(0);
  });
}

describe("/admin/settings on PGlite", () => {
  settingsSuite(usePglite());
});

describePostgres(
  "/admin/settings",
  (pg) => {
    settingsSuite(pg.db);
  },
  { migrate: true },
);
