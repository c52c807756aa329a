// @ts-check
// Starts the app, and on an offline start first paints the last-seen screen's HTML copy
// (bench/README.md § offline-start). A classic script file (the CSP allows no inline script) that
// the build puts first in index.html's head (src/features/shell/head-order.ts), before the
// stylesheets, with the entry module and its modulepreloads as data attributes instead of tags:
// - no usable copy: the modules are asked for at once, as the tags would have done;
// - a copy: it is painted when the document is parsed (the head stylesheets, asked for before
//   any module, still block that frame), and the modules are asked for only after that frame, so
//   neither their loading (the service worker answers requests in turn) nor their evaluation
//   comes before it. src/main.tsx removes the copy in the task of the app's first render.
// The build also puts a bare tag of this file right after #app: that second run paints the copy
// the first one found while the document is parsed (the file is loaded already, so it runs at
// once), before the browser's first frame; at DOMContentLoaded the browser would already have
// painted an empty one. Without that tag the copy is painted at DOMContentLoaded.
// The writer is src/features/shell/screen-html-snapshot.ts; the storage keys below must stay
// equal to src/db/screen-snapshot.ts's SCREEN_HTML_STORAGE_KEY and src/db/session.ts's keys
// (tests/e2e/offline-start.test.ts paints through them). It never throws before starting the app.
(function start() {
  var self = document.currentScript;
  // Where the head's run leaves the painting for the run after #app.
  var shared = /** @type {{ __quantaPaintCopy?: () => void }} */ (/** @type {unknown} */ (window));
  // The tag after #app: paint what the head's tag found, now.
  if (self !== null && !self.hasAttribute("data-entry")) {
    var pending = shared.__quantaPaintCopy;
    if (typeof pending === "function") pending();
    return;
  }
  var entry = self === null ? null : self.getAttribute("data-entry");
  var preloads = ((self && self.getAttribute("data-preload")) || "").split(" ");
  var started = false;
  var PRELOADS_PER_TASK = 6;

  /**
   * Adds the entry module and its modulepreloads, as the built page's own tags would be. After a
   * painted copy they go in a few per task: each one starts a request through the service worker
   * (~2–15 ms at 4× CPU throttling), and all ~35 in one task blocked the page for ~60 ms right
   * after the copy's frame (bench/README.md § offline-start).
   * @param {boolean} inSteps
   */
  function startApp(inSteps) {
    if (started || entry === null) return;
    started = true;
    var next = 0;
    function addSome() {
      var end = inSteps ? next + PRELOADS_PER_TASK : preloads.length;
      for (; next < preloads.length && next < end; next++) {
        if (preloads[next] === "") continue;
        var link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = preloads[next] || "";
        document.head.appendChild(link);
      }
      if (next < preloads.length) {
        setTimeout(addSome, 0);
        return;
      }
      var script = document.createElement("script");
      script.type = "module";
      script.crossOrigin = "";
      script.src = /** @type {string} */ (entry);
      document.head.appendChild(script);
    }
    addSome();
  }

  /**
   * The browser's language prefixes, in order, once each: what the app's detection reads of it
   * (src/features/shell/screen-html-snapshot.ts browserLangs, the same rule).
   */
  function browserLangs() {
    /** @type {string[]} */
    var prefixes = [];
    var list =
      navigator.languages && navigator.languages.length
        ? navigator.languages
        : [navigator.language];
    for (var i = 0; i < list.length; i++) {
      var prefix = String(list[i]).slice(0, 2).toLowerCase();
      if (prefixes.indexOf(prefix) === -1) prefixes.push(prefix);
    }
    return prefixes.join(",");
  }

  /**
   * The stored copy of this address when it may be shown: the same signed-in user now, the same
   * build and the same language inputs — another user's screen, another build's markup or
   * another language's text never is. Null otherwise.
   * @returns {{ html: string, styles: unknown[], sheets: Record<string, unknown>, lang: string } | null}
   */
  function usableCopy() {
    var raw = localStorage.getItem("quanta:screen-html");
    if (raw === null || entry === null) return null;
    /** @type {{ userId?: unknown, build?: unknown, storedLang?: unknown, browserLangs?: unknown, documentLang?: unknown, sheets?: Record<string, unknown>, screens?: Record<string, { html?: unknown, styles?: unknown } | undefined> }} */
    var stored = JSON.parse(raw);
    var copy = stored.screens ? stored.screens[location.pathname] : undefined;
    /** @type {{ id?: unknown } | null} */
    var info = JSON.parse(localStorage.getItem("info") || "null");
    var token = localStorage.getItem("token");
    if (
      !copy ||
      typeof copy.html !== "string" ||
      !Array.isArray(copy.styles) ||
      !token ||
      token.trim() === "" ||
      info === null ||
      typeof info.id !== "string" ||
      info.id === "" ||
      stored.userId !== info.id ||
      stored.build !== entry ||
      // The same inputs the app's language detection reads (src/i18n/setup.ts initialLang).
      stored.storedLang !== localStorage.getItem("lang") ||
      stored.browserLangs !== browserLangs() ||
      typeof stored.documentLang !== "string"
    ) {
      return null;
    }
    return {
      html: copy.html,
      styles: copy.styles,
      sheets: stored.sheets || {},
      lang: stored.documentLang,
    };
  }

  /**
   * Paints `copy` into the parsed document's #app, inert. The route stylesheets it needs that the
   * page does not link go in as text (a link added by a script would not block the frame, so the
   * copy would show unstyled); src/main.tsx removes them. Returns whether it painted.
   * @param {{ html: string, styles: unknown[], sheets: Record<string, unknown>, lang: string }} copy
   */
  function paint(copy) {
    var app = document.getElementById("app");
    if (app === null || app.firstChild !== null) return false;
    /** @type {string[]} */
    var present = [];
    var links = document.querySelectorAll("link[rel=stylesheet]");
    for (var i = 0; i < links.length; i++)
      present.push(/** @type {HTMLLinkElement} */ (links[i]).href);
    /** @type {string[]} */
    var css = [];
    for (var j = 0; j < copy.styles.length; j++) {
      var href = copy.styles[j];
      if (typeof href === "string" && present.indexOf(href) !== -1) continue;
      var text = typeof href === "string" ? copy.sheets[href] : undefined;
      // Without one of its stylesheets the copy would show unstyled: then none is painted.
      if (typeof text !== "string") return false;
      css.push(text);
    }
    for (var k = 0; k < css.length; k++) {
      var style = document.createElement("style");
      style.setAttribute("data-painted-copy", "");
      style.textContent = css[k] || "";
      document.head.appendChild(style);
    }
    // The app's root font size (src/ui/layout/root-font-size.ts, the same rule), before the copy
    // is laid out: sized in the browser's default rem, a copy is wider than a phone's screen,
    // which then widens the layout viewport, and the app would size its rem from that width.
    var width = Math.min(Math.max(window.innerWidth, 0), 750);
    document.documentElement.style.fontSize = (width / 750) * 16 + "px";
    // Nothing in the copy can be used before the app is live (src/main.tsx removes all three).
    app.setAttribute("inert", "");
    app.setAttribute("aria-busy", "true");
    app.setAttribute("data-painted-copy", "");
    document.documentElement.lang = copy.lang;
    app.innerHTML = copy.html;
    // The mark outlives the attributes (the bench and the e2e test read it).
    performance.mark("quanta:copy-painted");
    return true;
  }

  /**
   * After the next frame has been painted: a task posted from requestAnimationFrame.
   * @param {() => void} run
   */
  function afterFrame(run) {
    requestAnimationFrame(function () {
      setTimeout(run, 0);
    });
    // A hidden page paints no frame; the app must start all the same.
    setTimeout(run, 500);
  }

  var copy = null;
  try {
    copy = usableCopy();
  } catch (_error) {
    // Unreadable storage or a corrupt copy: the ordinary start follows.
  }
  if (copy === null || document.visibilityState === "hidden") {
    startApp(false);
    return;
  }
  var usable = copy;
  var handled = false;
  function paintOnce() {
    if (handled) return;
    handled = true;
    shared.__quantaPaintCopy = undefined;
    var painted = false;
    try {
      painted = paint(usable);
    } catch (_error) {
      // A copy that cannot be painted: the ordinary start follows.
    }
    if (painted)
      afterFrame(function () {
        startApp(true);
      });
    else startApp(false);
  }
  shared.__quantaPaintCopy = paintOnce;
  document.addEventListener("DOMContentLoaded", paintOnce);
})();
