import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, DB_NAME } from "../../db/database";
import { deleteLocalData } from "../../db/queries/local-data";
import { SCREEN_HTML_STORAGE_KEY } from "../../db/screen-snapshot";
import { clearSession, saveSession } from "../../db/session";
import { MAX_COPY_CHARS, saveScreenCopy, type StoredScreenCopies } from "./screen-html-snapshot";

function signIn(userId: string): void {
  saveSession({ token: `token-${userId}`, name: null, avatar: null, info: { id: userId } });
}

/** A document as the app leaves it: the entry script and #app's screen. */
function showScreen(body: string): void {
  document.head.innerHTML = '<script type="module" src="/assets/index-abc.js"></script>';
  document.body.innerHTML = `<div id="app">${body}</div>`;
}

const HOME = '<section><h1 data-testid="home-pitch">Honest trading</h1></section>';

function stored(): StoredScreenCopies | null {
  const raw = localStorage.getItem(SCREEN_HTML_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as StoredScreenCopies);
}

describe("screen HTML copy", () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.lang = "en";
  });
  afterEach(() => {
    document.head.innerHTML = "";
    document.body.innerHTML = "";
  });

  it("stores a settled local screen with its user, build, language and stylesheets", () => {
    signIn("user-1");
    showScreen(HOME);
    expect(saveScreenCopy(document, "/home")).toBe(true);
    expect(stored()).toMatchObject({
      userId: "user-1",
      build: "/assets/index-abc.js",
      storedLang: null,
      documentLang: "en",
      screens: { "/home": { html: HOME, styles: [] } },
    });
  });

  it("stores no copy it could not style: a stylesheet not loaded or unreadable", () => {
    signIn("user-1");
    showScreen(HOME);
    // jsdom loads no stylesheet: this link has no sheet, as one still loading.
    document.head.insertAdjacentHTML("beforeend", '<link rel="stylesheet" href="/assets/a.css">');
    expect(saveScreenCopy(document, "/home")).toBe(false);
    expect(stored()).toBeNull();
  });

  it("copies only /home, /my and /records, and only their settled first content", () => {
    signIn("user-1");
    showScreen(HOME);
    expect(saveScreenCopy(document, "/assets")).toBe(false);
    expect(saveScreenCopy(document, "/my")).toBe(false);
    showScreen('<h1 data-testid="home-pitch"> </h1>');
    expect(saveScreenCopy(document, "/home")).toBe(false);
    showScreen(`${HOME}<div aria-busy="true"></div>`);
    expect(saveScreenCopy(document, "/home")).toBe(false);
    showScreen(HOME);
    document.getElementById("app")?.setAttribute("inert", "");
    expect(saveScreenCopy(document, "/home")).toBe(false);
    expect(stored()).toBeNull();
  });

  it("stores nothing signed out", () => {
    showScreen(HOME);
    expect(saveScreenCopy(document, "/home")).toBe(false);
    expect(stored()).toBeNull();
  });

  it("keeps the other screens of the same user, and none of another user's", () => {
    signIn("user-1");
    showScreen(HOME);
    saveScreenCopy(document, "/home");
    showScreen('<ul data-testid="bill-list"><li>Deposit</li></ul>');
    saveScreenCopy(document, "/records");
    expect(Object.keys(stored()?.screens ?? {})).toEqual(["/home", "/records"]);
    // Another user signing in clears the copies (session.ts, with the value snapshot).
    signIn("user-2");
    expect(stored()).toBeNull();
    showScreen('<p data-testid="bills-empty">None</p>');
    saveScreenCopy(document, "/records");
    expect(stored()?.userId).toBe("user-2");
    expect(Object.keys(stored()?.screens ?? {})).toEqual(["/records"]);
  });

  it("skips a screen larger than the cap, and drops its older copy", () => {
    signIn("user-1");
    showScreen(HOME);
    saveScreenCopy(document, "/home");
    showScreen(`<h1 data-testid="home-pitch">${"x".repeat(MAX_COPY_CHARS)}</h1>`);
    expect(saveScreenCopy(document, "/home")).toBe(false);
    expect(stored()?.screens["/home"]).toBeUndefined();
  });

  it("is cleared with the screen snapshot: sign-out and clearing local data", async () => {
    signIn("user-1");
    showScreen(HOME);
    saveScreenCopy(document, "/home");
    clearSession();
    expect(stored()).toBeNull();
    signIn("user-1");
    saveScreenCopy(document, "/home");
    closeDatabase();
    await Dexie.delete(DB_NAME);
    await deleteLocalData();
    expect(stored()).toBeNull();
  });
});
