// Copy the code backs (DESIGN §1.4): every seeded setting, link and article — and the
// welcome message — may name only features the product offers (server/domain/content/seed/
// features.ts), every offered feature's route exists in the app, and every in-app link in every
// language leads to a route that exists.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SEED_ARTICLES, SEED_LANGS, SEED_LINKS } from "../../server/domain/content/seed/index";
import { FEATURES, featuresNamedIn } from "../../server/domain/content/seed/features";
import { systemMessageText } from "../../server/domain/messages/system-messages";

// The app's routes as TanStack Router generated them from src/routes (npm run gen).
const routeTree = readFileSync(new URL("../../src/routeTree.gen.ts", import.meta.url), "utf8");
const APP_ROUTES = new Set(
  [...routeTree.matchAll(/^ {2}path: '([^']+)',$/gm)].map(
    (m) => (m[1] ?? "").replace(/\/$/, "") || "/",
  ),
);

/** Every piece of English copy the seed ships, named by where it appears. */
function seededCopy(): [where: string, text: string][] {
  const en = SEED_LANGS.en;
  const { pitch, subscribe, footer } = en.settings;
  const copy: [string, string][] = [
    ["setting pitch.title", pitch.title],
    ["setting pitch.subtitle", pitch.subtitle],
    ...pitch.points.flatMap((p, i): [string, string][] => [
      [`setting pitch.points[${i}].title`, p.title],
      [`setting pitch.points[${i}].text`, p.text],
    ]),
    ["setting subscribe.title", subscribe.title],
    ["setting subscribe.text", subscribe.text],
    ["setting footer.operator", footer.operator],
  ];
  const welcome = systemMessageText("welcome");
  copy.push(["welcome message", `${welcome.title}\n${welcome.body}`]);
  for (const link of SEED_LINKS) copy.push([`link ${link.id}`, en.links[link.id] ?? ""]);
  for (const article of SEED_ARTICLES) {
    const text = en.articles[article.id];
    if (!text) continue;
    copy.push([`article ${article.id}`, `${text.title}\n${text.summary}\n${text.body}`]);
  }
  return copy;
}

function inAppPaths(html: string): string[] {
  return [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1] ?? "");
}

const routeOf = (path: string) => path.split(/[?#]/)[0]?.replace(/\/$/, "") || "/";

describe("seeded copy names only features the product offers", () => {
  it("lists each seeded article and setting that names a feature, all offered", () => {
    const named = seededCopy().flatMap(([where, text]) =>
      featuresNamedIn(text).map((feature) => ({ where, feature })),
    );
    // The list is not empty: the copy does describe what exists.
    expect(named.some(({ feature }) => feature.offered)).toBe(true);
    const unoffered = named
      .filter(({ feature }) => !feature.offered)
      .map(({ where, feature }) => `${where} names "${feature.name}", which is not offered`);
    expect(unoffered).toEqual([]);
  });

  it("gives every feature a route the app has, answered rather than 404", () => {
    for (const feature of FEATURES) {
      expect(APP_ROUTES.has(feature.route), `${feature.name}: ${feature.route}`).toBe(true);
    }
    expect(APP_ROUTES.has("/spots")).toBe(true);
    expect(APP_ROUTES.has("/no-such-route")).toBe(false);
  });

  it("links in-app only to routes that exist, in every language and every link", () => {
    const broken: string[] = [];
    for (const [lang, content] of Object.entries(SEED_LANGS)) {
      for (const [id, text] of Object.entries(content?.articles ?? {})) {
        for (const path of inAppPaths(text.body)) {
          if (!APP_ROUTES.has(routeOf(path))) broken.push(`${lang} ${id}: ${path}`);
        }
      }
    }
    for (const link of SEED_LINKS) {
      if (link.url.startsWith("/") && !APP_ROUTES.has(routeOf(link.url))) {
        broken.push(`link ${link.id}: ${link.url}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("catches copy that promises a product that does not exist", () => {
    const names = (text: string) => featuresNamedIn(text).map((f) => f.name);
    expect(names("Join an AI quant plan with a published backtest.")).toEqual([
      "AI quant plans",
      "backtests",
    ]);
    expect(names("<li>Contract (leveraged) trading and rise/fall options</li>")).toEqual([
      "contract (leveraged) trading",
      "rise/fall options",
    ]);
    expect(names("Your weighted score unlocks higher plan levels.")).toContain(
      "weighted score and credit levels",
    );
    expect(names("Invite friends for a reward.")).toEqual(["invitations"]);
    expect(names("Spot trading with market and limit orders.")).toEqual(["spot trading"]);
  });
});
