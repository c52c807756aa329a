// The built index.html's head (vite.config.ts, plugin quanta:head-order), arranged for the first
// paint. An offline start is served by the service worker, which answers the page's requests
// roughly in turn, and Vite writes the entry script and its ~35 modulepreloads before the
// stylesheets: the stylesheets, which block the first frame (the last-seen screen's copy's too),
// came last, and the modules' arrival and evaluation came before that frame. So the entry and its
// preloads become attributes of the starter (public/paint-snapshot.js), which adds them at once
// when it paints no copy and after the copy's frame when it does; the starter and the stylesheets
// are the head's only requests. A second tag of the starter, right after `#app`, paints the copy
// the first one found while the document is still parsed — the same file, already loaded, so it
// runs at once: no frame comes between the stylesheets and the copy (at DOMContentLoaded the
// browser had already painted an empty one). See bench/README.md § offline-start.

/** The classic script that starts the app and paints the last-seen screen's copy (public/). */
export const STARTER_SRC = "/paint-snapshot.js";

const STYLESHEET = /[ \t]*<link\b[^>]*\brel="stylesheet"[^>]*>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\n?/g;
const ENTRY_SCRIPT = /[ \t]*<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\n?/;
/** The source page's own starter tags, if any (the build writes its own). */
const STARTER_TAG = /[ \t]*<script src="\/paint-snapshot\.js"><\/script>\n?/g;
const APP_ROOT = /<div id="app"><\/div>/;
/** The element after the painting tag; rendering is held until it is parsed. */
const PAINTED_MARK = "quanta-copy-painted";

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * `html` with the entry module script and its modulepreloads replaced by the starter (their URLs
 * in `data-entry` and `data-preload`), followed by the stylesheet links in their order, and the
 * starter's painting tag right after `#app`; the rest stays where it was. A page without an entry
 * module script (the dev server's) is unchanged.
 */
export function orderHead(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (entry === null) return html;
  const sheets = [...html.matchAll(STYLESHEET)].map((match) => match[0]);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
  const indent = /^[ \t]*/.exec(entry[0])?.[0] ?? "";
  // Build-time markup of index.html, not text anyone reads.
  /* eslint-disable lingui/no-unlocalized-strings */
  const starter =
    `${indent}<script src="${STARTER_SRC}" data-entry="${attribute(entry[1] ?? "")}"` +
    ` data-preload="${attribute(preloads.join(" "))}"></script>\n`;
  // Rendering waits until the painting tag has run (the element after it is parsed): otherwise
  // the browser may paint an empty frame while the parser yields after the head's script.
  const expectPainted = `${indent}<link rel="expect" href="#${PAINTED_MARK}" blocking="render">\n`;
  const painter = `<script src="${STARTER_SRC}"></script><template id="${PAINTED_MARK}"></template>`;
  /* eslint-enable lingui/no-unlocalized-strings */
  const moved = sheets.map((sheet) => (sheet.endsWith("\n") ? sheet : `${sheet}\n`));
  const rest = html
    .replace(STARTER_TAG, "")
    .replace(STYLESHEET, "")
    .replace(MODULE_PRELOAD, "")
    .replace(ENTRY_SCRIPT, "\u0000");
  return rest
    .replace("\u0000", starter + expectPainted + moved.join(""))
    .replace(APP_ROOT, (root) => root + painter);
}
