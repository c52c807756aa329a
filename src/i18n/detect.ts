import { isLang, type Lang } from "./locales";

/** localStorage key the seed fixed for the chosen language. */
export const LANG_STORAGE_KEY = "lang";

/** Browser prefixes whose product code differs (DESIGN §7: ja -> jp, zh -> tc). */
const PREFIX_TO_LANG: Record<string, Lang> = { ja: "jp", zh: "tc" };

/**
 * The build's fallback for unsupported browser languages: `en`, unless VITE_FALLBACK_LANG names
 * another supported language (the seed's second reading defaults to Korean).
 */
export function fallbackLang(configured: string | undefined): Lang {
  return isLang(configured) ? configured : "en";
}

/**
 * Picks the language: a stored choice wins; otherwise the first browser locale whose first two
 * letters we support; otherwise the fallback.
 */
export function detectLang(
  stored: string | null,
  browserLocales: readonly string[],
  fallback: Lang,
): Lang {
  if (isLang(stored)) return stored;
  for (const locale of browserLocales) {
    const prefix = locale.slice(0, 2).toLowerCase();
    const lang = PREFIX_TO_LANG[prefix] ?? prefix;
    if (isLang(lang)) return lang;
  }
  return fallback;
}
