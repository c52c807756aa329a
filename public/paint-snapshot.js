// @ts-check
// Paints the last-seen screen's HTML copy before any module runs (bench/README.md § offline-start).
// A classic script file, as the CSP forbids inline scripts; it runs while the parser is at
// index.html's #app, so the copy shows while the entry's modules still load and evaluate.
// The writer is src/features/shell/screen-html-snapshot.ts; the storage keys below must stay
// equal to src/db/screen-snapshot.ts's SCREEN_HTML_STORAGE_KEY and src/db/session.ts's
// SESSION_KEYS (tests/e2e/offline-start.test.ts paints through them). It never throws: a start
// without the copy is the ordinary start.
(function paintSnapshot() {
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
  try {
    var raw = localStorage.getItem("quanta:screen-html");
    var app = document.getElementById("app");
    if (raw === null || app === null || app.firstChild !== null) return;
    /** @type {{ userId?: unknown, build?: unknown, storedLang?: unknown, browserLangs?: unknown, documentLang?: unknown, sheets?: Record<string, unknown>, screens?: Record<string, { html?: unknown, styles?: unknown } | undefined> }} */
    var stored = JSON.parse(raw);
    var copy = stored.screens ? stored.screens[location.pathname] : undefined;
    if (!copy) return;
    var entry = document.querySelector("script[type=module][src]");
    /** @type {{ id?: unknown } | null} */
    var info = JSON.parse(localStorage.getItem("info") || "null");
    var token = localStorage.getItem("token");
    // Only this address, the same signed-in user now, the same build and the same language:
    // another user's screen, another build's markup or another language's text is never shown.
    if (
      typeof copy.html !== "string" ||
      !token ||
      token.trim() === "" ||
      info === null ||
      typeof info.id !== "string" ||
      info.id === "" ||
      stored.userId !== info.id ||
      entry === null ||
      stored.build !== entry.getAttribute("src") ||
      // The same inputs the app's language detection reads (src/i18n/setup.ts initialLang).
      stored.storedLang !== localStorage.getItem("lang") ||
      stored.browserLangs !== browserLangs() ||
      typeof stored.documentLang !== "string" ||
      !Array.isArray(copy.styles)
    ) {
      return;
    }
    var html = copy.html;
    var sheets = stored.sheets || {};
    /** @type {unknown[]} */
    var styles = copy.styles;
    var present = Array.prototype.map.call(
      document.querySelectorAll("link[rel=stylesheet]"),
      /** @param {HTMLLinkElement} link */ function (link) {
        return link.href;
      },
    );
    /** @type {string[]} */
    var css = [];
    for (var i = 0; i < styles.length; i++) {
      var href = styles[i];
      if (typeof href === "string" && present.indexOf(href) !== -1) continue;
      var text = typeof href === "string" ? sheets[href] : undefined;
      // Without its route stylesheet the copy would show unstyled: then none is painted.
      if (typeof text !== "string") return;
      css.push(text);
    }
    // The route's stylesheets as text, not links: a link a script adds does not block rendering,
    // so the copy would wait for it or show unstyled; these apply at once. src/main.tsx removes
    // them when the app's own links (in by then) take over.
    for (var j = 0; j < css.length; j++) {
      var style = document.createElement("style");
      style.setAttribute("data-painted-copy", "");
      style.textContent = css[j] || "";
      document.head.appendChild(style);
    }
    // Nothing in the copy can be used before the app is live (src/main.tsx removes both).
    app.setAttribute("inert", "");
    app.setAttribute("aria-busy", "true");
    app.setAttribute("data-painted-copy", "");
    document.documentElement.lang = stored.documentLang;
    app.innerHTML = html;
    // The mark outlives the attributes (the bench reports which starts painted the copy).
    performance.mark("quanta:copy-painted");
  } catch (_error) {
    // A broken copy (unreadable storage, corrupt JSON): the ordinary start follows.
  }
})();
