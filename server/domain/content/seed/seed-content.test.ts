// Completeness and safety of the repository's content: the catalog against every language file
// present in this folder (translations added later are checked without touching this test),
// cover files, the body HTML allow-list, the limits of the content tables' CHECKs, and the
// facts the help centre must state.
import { ARTICLE_BODY_TAGS } from "../../../../protocol/article-html";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  ARTICLE_CATEGORIES,
  LANGS,
  LINK_ALIASES,
  SETTING_ALIASES,
} from "../../../../protocol/content";
import type { Lang } from "../../../../protocol/content";
import { SEED_ARTICLES, SEED_LINKS } from "./catalog";
import { SEED_LANGS } from "./index";
import type { LangContent } from "./types";

const here = dirname(fileURLToPath(import.meta.url));
const imagesDir = join(here, "../../../content/images");

// The migration's CHECKs (004_local_first.sql) and the limits the app's layout relies on.
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const COVER_PATTERN = /^\/content\/[a-z0-9][a-z0-9._-]{0,100}$/;
const URL_PATTERN = /^(https:\/\/|mailto:|\/)/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const TITLE_MAX = 100;
const SUMMARY_MAX = 200;
const LINK_TITLE_MAX = 200;
const COVER_MAX_BYTES = 3 * 1024;
const ALLOWED_TAGS = new Set<string>(ARTICLE_BODY_TAGS);

const langFiles = LANGS.filter((lang) => existsSync(join(here, `${lang}.ts`)));
const contents = new Map<Lang, LangContent>();
for (const lang of langFiles) {
  // A computed path: the set of languages is whatever files exist, not a list in this test.
  const url = pathToFileURL(join(here, `${lang}.ts`)).href;
  const mod = (await import(/* @vite-ignore */ url)) as Partial<Record<Lang, LangContent>>;
  const content = mod[lang];
  if (!content) throw new Error(`${lang}.ts must export const ${lang}: LangContent`);
  contents.set(lang, content);
}
const en = contents.get("en");

/** Walks the HTML's tags; returns problems (unknown tag, attribute, bad href, unbalanced). */
function htmlProblems(html: string, articleIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g)) {
    const [whole, closing, rawName, attrs = ""] = match;
    const name = (rawName ?? "").toLowerCase();
    if (!ALLOWED_TAGS.has(name)) {
      problems.push(`tag not allowed: ${whole}`);
      continue;
    }
    if (closing) {
      if (open.pop() !== name) problems.push(`unbalanced </${name}>`);
      continue;
    }
    const attrText = attrs.replace(/\/$/, "").trim();
    if (name === "a") {
      const href = /^href="([^"]*)"$/.exec(attrText)?.[1];
      if (href === undefined) problems.push(`<a> needs exactly one href attribute: ${whole}`);
      else if (!(href.startsWith("https://") || /^\/(?!\/)/.test(href)))
        problems.push(`href must be https or an in-app path: ${href}`);
      else {
        const target = /^\/data\/detail\?id=(.+)$/.exec(href)?.[1];
        if (target !== undefined && !articleIds.has(target))
          problems.push(`link to an unknown article: ${href}`);
      }
    } else if (attrText !== "") problems.push(`attributes not allowed: ${whole}`);
    if (name !== "br") open.push(name);
  }
  if (open.length > 0) problems.push(`unclosed: ${open.join(", ")}`);
  // Stray angle brackets would be a tag the regex above did not recognise.
  const text = html.replace(/<\/?[a-zA-Z0-9]+[^>]*>/g, "");
  if (/[<>]/.test(text)) problems.push("stray < or > outside a tag");
  return problems;
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? "").sort();
}

/**
 * "10,000", "10.000", "10'000" and "10 000" (no-break or thin space) all read as 10000, so
 * translations may group digits their way. A plain space is not a separator: "400 300" is two
 * numbers.
 */

const articleIds = new Set(SEED_ARTICLES.map((a) => a.id));
const linkIds = new Set(SEED_LINKS.map((l) => l.id));

describe("seed catalog", () => {
  it("has an English file", () => {
    expect(langFiles).toContain("en");
    expect(en).toBeDefined();
  });

  it("registers every language file with the loader (index.ts), so none is silently unseeded", () => {
    expect(Object.keys(SEED_LANGS).sort()).toEqual([...langFiles].sort());
    for (const lang of langFiles) expect(SEED_LANGS[lang], lang).toBe(contents.get(lang));
  });

  it("uses unique slug ids that the content tables accept", () => {
    expect(articleIds.size).toBe(SEED_ARTICLES.length);
    expect(linkIds.size).toBe(SEED_LINKS.length);
    for (const id of [...articleIds, ...linkIds]) expect(id).toMatch(ID_PATTERN);
  });

  it("gives every article a known category, a dated publication and a sort", () => {
    for (const a of SEED_ARTICLES) {
      expect(ARTICLE_CATEGORIES).toContain(a.category);
      expect(a.publishedAt, a.id).toMatch(ISO_WITH_OFFSET);
      expect(Number.isNaN(Date.parse(a.publishedAt)), a.id).toBe(false);
      expect(Number.isInteger(a.sort), a.id).toBe(true);
    }
  });

  it("keeps the help centre's questions in order", () => {
    const help = SEED_ARTICLES.filter((a) => a.category === "help")
      .slice()
      .sort((x, y) => x.sort - y.sort)
      .map((a) => a.id);
    // The seed's four questions, in the order the home page asks them.
    expect(help).toEqual([
      "what-is-ai-quant-trading",
      "is-profit-guaranteed",
      "ai-quant-advantages",
      "what-is-the-weighted-score",
    ]);
  });

  it("gives news a cover file that is a small, self-contained SVG, and nothing else a cover", () => {
    for (const a of SEED_ARTICLES) {
      if (a.category !== "news") {
        expect(a.cover, a.id).toBeNull();
        continue;
      }
      expect(a.cover, a.id).toMatch(COVER_PATTERN);
      const file = join(imagesDir, (a.cover ?? "").slice("/content/".length));
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(COVER_MAX_BYTES);
      const svg = readFileSync(file, "utf8");
      expect(svg.startsWith("<svg"), file).toBe(true);
      expect(svg.trimEnd().endsWith("</svg>"), file).toBe(true);
      expect(svg, file).toContain('viewBox="0 0 640 360"');
      expect(svg, file).not.toMatch(/<script|<foreignObject|\son[a-z]+\s*=/i);
      // Only same-document references (#id): no external images, fonts or styles.
      expect(svg, file).not.toMatch(/href\s*=\s*["'](?!#)/i);
      expect(svg, file).not.toMatch(/url\(\s*["']?(?!#)/i);
      expect(svg, file).not.toMatch(/@import/i);
    }
  });

  it("gives every link a known alias and a safe url", () => {
    for (const l of SEED_LINKS) {
      expect(LINK_ALIASES, l.id).toContain(l.alias);
      expect(l.url, l.id).toMatch(URL_PATTERN);
      expect(l.url, l.id).not.toMatch(/^\/\//);
      expect(l.url.length, l.id).toBeLessThanOrEqual(2000);
    }
    const single = LINK_ALIASES.filter((alias) => alias !== "partner");
    for (const alias of single) {
      expect(
        SEED_LINKS.filter((l) => l.alias === alias),
        alias,
      ).toHaveLength(1);
    }
  });
});

describe.each(langFiles)("seed content %s", (lang) => {
  const content = contents.get(lang) as LangContent;

  it("has a title for every catalog link and no other", () => {
    expect(Object.keys(content.links).sort()).toEqual([...linkIds].sort());
    for (const [id, title] of Object.entries(content.links)) {
      expect(title.trim().length, id).toBeGreaterThan(0);
      expect(title.length, id).toBeLessThanOrEqual(LINK_TITLE_MAX);
    }
  });

  it("has a text for every catalog article and no other", () => {
    expect(Object.keys(content.articles).sort()).toEqual([...articleIds].sort());
  });

  it("keeps titles and summaries within their limits", () => {
    for (const [id, text] of Object.entries(content.articles)) {
      expect(text.title.trim().length, id).toBeGreaterThan(0);
      expect(text.title.length, id).toBeLessThanOrEqual(TITLE_MAX);
      expect(text.summary.trim().length, id).toBeGreaterThan(0);
      expect(text.summary.length, id).toBeLessThanOrEqual(SUMMARY_MAX);
      expect(text.body.trim().length, id).toBeGreaterThan(0);
    }
  });

  it("uses only the allowed HTML in bodies, with safe links to known articles", () => {
    for (const [id, text] of Object.entries(content.articles)) {
      expect(htmlProblems(text.body, articleIds), id).toEqual([]);
      expect(/<|>/.test(text.title + text.summary), id).toBe(false);
    }
  });

  it("fills every setting", () => {
    expect(Object.keys(content.settings).sort()).toEqual([...SETTING_ALIASES].sort());
    const { pitch, subscribe, footer } = content.settings;
    const texts = [pitch.title, pitch.subtitle, subscribe.title, subscribe.text];
    texts.push(footer.operator, footer.copyright);
    for (const point of pitch.points) texts.push(point.title, point.text);
    for (const text of texts) expect(text.trim().length).toBeGreaterThan(0);
    expect(pitch.points.length).toBeGreaterThanOrEqual(3);
    expect(pitch.points.length).toBeLessThanOrEqual(4);
  });

  it.runIf(lang !== "en")("keeps the English structure: points and in-app links", () => {
    if (!en) throw new Error("en.ts is missing");
    expect(content.settings.pitch.points).toHaveLength(en.settings.pitch.points.length);
    for (const [id, text] of Object.entries(en.articles)) {
      const inApp = (html: string) => hrefs(html).filter((h) => h.startsWith("/"));
      expect(inApp(content.articles[id]?.body ?? ""), id).toEqual(inApp(text.body));
    }
  });
});
