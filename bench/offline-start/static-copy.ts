// The offline-start bench's floor (bench/README.md § offline-start): each screen's stored HTML
// copy with every stylesheet it needs inlined, served as a plain static page with no script at
// all. What that page costs to show is what the copy itself costs (parsing, style, layout, paint
// of the screen's markup) with none of the starter's or the service worker's work: the least an
// offline start painting a whole copy could take, measured beside the empty page.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

interface StoredCopies {
  screens?: Record<string, { html: string; styles: string[] }>;
  sheets?: Record<string, string>;
  documentLang?: string;
}

/** Path → a self-contained HTML page of that screen's copy; screens without a copy are left out. */
export async function staticCopyPages(page: Page, distDir: string): Promise<Map<string, string>> {
  const raw = await page.evaluate(() => localStorage.getItem("quanta:screen-html") ?? "{}");
  const stored = JSON.parse(raw) as StoredCopies;
  // The root font size the starter sets before painting (src/ui/layout/root-font-size.ts).
  const width = await page.evaluate(() => window.innerWidth);
  const rootPx = (Math.min(Math.max(width, 0), 750) / 750) * 16;
  const pages = new Map<string, string>();
  for (const [path, copy] of Object.entries(stored.screens ?? {})) {
    // Route sheets are stored with the copies; the ones index.html links are read from dist/.
    const css = copy.styles.map(
      (href) =>
        stored.sheets?.[href] ?? readFileSync(`${distDir}${new URL(href).pathname}`, "utf8"),
    );
    pages.set(
      path,
      `<!doctype html><html lang="${stored.documentLang ?? "en"}" style="font-size:${rootPx}px">` +
        '<head><meta charset="utf-8"><title>copy</title>' +
        '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' +
        `<style>${css.join("\n")}</style></head>` +
        `<body><div id="app">${copy.html}</div></body></html>`,
    );
  }
  return pages;
}
