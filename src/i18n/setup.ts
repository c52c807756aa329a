import { i18n, type Messages } from "@lingui/core";
import { detectLang, fallbackLang, LANG_STORAGE_KEY } from "./detect";
import { intlLocale } from "../lib/intl-locale";
import type { Lang } from "./locales";

export { i18n };

/** Catalogs are compiled from the PO files by @lingui/vite-plugin and loaded per language. */
async function loadCatalog(lang: Lang): Promise<Messages> {
  const module = (await import(`../locales/${lang}/messages.po`)) as { messages: Messages };
  return module.messages;
}

function storedLang(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private modes, policies); detection still works.
    return null;
  }
}

export function initialLang(): Lang {
  return detectLang(
    storedLang(),
    navigator.languages.length > 0 ? navigator.languages : [navigator.language],
    fallbackLang(import.meta.env.VITE_FALLBACK_LANG),
  );
}

/** Loads and activates a language, and remembers it when the user chose it. */
export async function activateLang(lang: Lang, opts: { remember: boolean }): Promise<void> {
  const messages = await loadCatalog(lang);
  i18n.loadAndActivate({ locale: lang, messages });
  document.documentElement.lang = intlLocale(lang);
  if (opts.remember) {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      // Not persisted; the choice still holds for this visit.
    }
  }
}
