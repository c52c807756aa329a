// Writes the last-seen local screen's HTML for public/paint-snapshot.js, which paints it before
// any module runs on the next start (bench/README.md § offline-start). Only screens that show
// the signed-in user's IndexedDB data (the same as the value copies of db/screen-snapshot.ts);
// cleared with them (clearSnapshot: sign-out, another user, clear local data).
import type { AnyRouter } from "@tanstack/react-router";
import { SCREEN_HTML_STORAGE_KEY } from "../../db/screen-snapshot";
import { getSessionUserId } from "../../db/session";
import { firstScreenfulHtml } from "./first-screenful";

/** The screens copied, each with its first-content element: no copy before it shows. */
export const COPIED_SCREENS: Readonly<Record<string, readonly string[]>> = {
  "/home": ["[data-testid=home-pitch]"],
  "/my": ["[data-testid=my-usdt-available]"],
  "/records": ["[data-testid=bill-list]", "[data-testid=bills-empty]"],
};
/** Above this the copy costs more to read and parse at start than it saves; none is kept. */
export const MAX_COPY_CHARS = 150_000;

export interface ScreenCopy {
  /** Its first screenful only (first-screenful.ts). */
  html: string;
  /** The stylesheets in the document (absolute hrefs): the painter inlines the missing ones. */
  styles: string[];
}
/** What public/paint-snapshot.js reads; every field is checked there before painting. */
export interface StoredScreenCopies {
  userId: string;
  /** The entry script's src: another build's markup is never painted. */
  build: string;
  /** The inputs of the language detection (src/i18n/setup.ts) and its result. */
  storedLang: string | null;
  browserLangs: string;
  documentLang: string;
  /** Each stylesheet's text by href, once for all screens (route CSS chunks are a few KB). */
  sheets: Record<string, string>;
  screens: Record<string, ScreenCopy>;
}

/** The settled screen at `path` in `doc`, or null when it must not be copied (yet). */
export function captureScreen(
  doc: Document,
  path: string,
): { screen: ScreenCopy; sheets: Record<string, string> } | null {
  const marker = COPIED_SCREENS[path];
  const app = doc.getElementById("app");
  if (marker === undefined || app === null) return null;
  // The painted copy itself (not live yet), a screen still loading, or no first content yet.
  if (app.hasAttribute("inert") || app.querySelector("[aria-busy=true]") !== null) return null;
  if ((app.querySelector(marker.join(","))?.textContent?.trim() ?? "") === "") return null;
  const links = [...doc.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")];
  const sheets: Record<string, string> = {};
  for (const link of links) {
    const text = sheetText(link);
    // A sheet not loaded (or unreadable): the painter could not style the copy, so no copy.
    if (text === null) return null;
    sheets[link.href] = text;
  }
  const html = firstScreenfulHtml(app);
  return { screen: { html, styles: links.map((link) => link.href) }, sheets };
}

function sheetText(link: HTMLLinkElement): string | null {
  try {
    const rules = link.sheet?.cssRules;
    return rules === undefined ? null : [...rules].map((rule) => rule.cssText).join("\n");
  } catch {
    // Cross-origin sheets cannot be read; the app has none, but never fail the app for it.
    return null;
  }
}

/**
 * The browser's language prefixes in order, once each: what language detection reads of them
 * (src/i18n/detect.ts, first two letters), and what public/paint-snapshot.js computes the same
 * way. The full list varies between documents of one session in Chromium ("en-US" / "en-US,en").
 */
export function browserLangs(): string {
  const list = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return [...new Set(list.map((lang) => lang.slice(0, 2).toLowerCase()))].join(",");
}

function readStored(): StoredScreenCopies | null {
  try {
    const raw = localStorage.getItem(SCREEN_HTML_STORAGE_KEY);
    return raw === null ? null : (JSON.parse(raw) as StoredScreenCopies);
  } catch {
    return null;
  }
}

/** The sheets the kept screens use, from this document or else from the stored copy. */
function sheetsOf(
  screens: Record<string, ScreenCopy>,
  current: Record<string, string>,
  previous: StoredScreenCopies | null,
): Record<string, string> {
  const sheets: Record<string, string> = {};
  for (const href of Object.values(screens).flatMap((screen) => screen.styles)) {
    const text = current[href] ?? previous?.sheets?.[href];
    if (text !== undefined) sheets[href] = text;
  }
  return sheets;
}

/**
 * Stores the copy of `path` for the signed-in user; a stored copy of another user, build or
 * language is replaced, never merged into. Returns whether a copy of `path` is now stored.
 */
export function saveScreenCopy(doc: Document, path: string): boolean {
  const userId = getSessionUserId();
  const entry = doc.querySelector("script[type=module][src]")?.getAttribute("src");
  const captured = captureScreen(doc, path);
  if (userId === null || entry == null || captured === null) return false;
  const { screen, sheets } = captured;
  let storedLang: string | null;
  try {
    storedLang = localStorage.getItem("lang");
  } catch {
    return false;
  }
  const base = {
    userId,
    build: entry,
    storedLang,
    browserLangs: browserLangs(),
    documentLang: doc.documentElement.lang,
  };
  const previous = readStored();
  const same =
    previous !== null &&
    (Object.keys(base) as (keyof typeof base)[]).every((key) => previous[key] === base[key]);
  const others = same && typeof previous.screens === "object" ? previous.screens : {};
  const screens = { ...others, [path]: screen };
  let raw = JSON.stringify({ ...base, sheets: sheetsOf(screens, sheets, previous), screens });
  // Too large with the other screens: this one alone; too large alone: none of it.
  if (raw.length > MAX_COPY_CHARS) {
    raw = JSON.stringify({ ...base, sheets, screens: { [path]: screen } });
  }
  try {
    if (raw.length > MAX_COPY_CHARS) {
      const kept = Object.fromEntries(Object.entries(others).filter(([key]) => key !== path));
      const rest = { ...base, sheets: sheetsOf(kept, {}, previous), screens: kept };
      localStorage.setItem(SCREEN_HTML_STORAGE_KEY, JSON.stringify(rest));
      return false;
    }
    localStorage.setItem(SCREEN_HTML_STORAGE_KEY, raw);
    return true;
  } catch {
    // Full or blocked: no copy, so no stale one either.
    try {
      localStorage.removeItem(SCREEN_HTML_STORAGE_KEY);
    } catch {
      // Blocked storage holds nothing to paint.
    }
    return false;
  }
}

/**
 * Saves the screen once it has settled after each navigation (at idle, retried while it is
 * still loading), and when the page is hidden or left — never on every render.
 */
export function startScreenCopies(router: AnyRouter): void {
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(run, { timeout: 2_000 })
      : window.setTimeout(run, 200);
  let round = 0;
  const trySave = (current: number, attempts: number) => {
    if (current !== round) return;
    const path = window.location.pathname;
    if (COPIED_SCREENS[path] === undefined || saveScreenCopy(document, path)) return;
    // Still loading (no first content, something busy): again a little later, not forever.
    if (attempts > 0) window.setTimeout(() => idle(() => trySave(current, attempts - 1)), 500);
  };
  router.subscribe("onResolved", () => {
    round += 1;
    const current = round;
    idle(() => trySave(current, 20));
  });
  const onLeave = () => {
    const path = window.location.pathname;
    if (COPIED_SCREENS[path] !== undefined) saveScreenCopy(document, path);
  };
  window.addEventListener("pagehide", onLeave);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") onLeave();
  });
}
