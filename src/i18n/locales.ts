/** The app's 11 language codes (DESIGN §7). "jp" and "tc" are the product's own codes. */
export const LANGS = ["en", "de", "es", "fr", "it", "jp", "ko", "pt", "tc", "th", "vi"] as const;
export type Lang = (typeof LANGS)[number];

/** Each language named in itself, for the switcher (never translated: a reader finds their own). */
/* eslint-disable lingui/no-unlocalized-strings -- endonyms are the same in every language */
export const LANG_NAMES: Record<Lang, string> = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  jp: "日本語",
  ko: "한국어",
  pt: "Português",
  tc: "繁體中文",
  th: "ไทย",
  vi: "Tiếng Việt",
};
/* eslint-enable lingui/no-unlocalized-strings */

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}
