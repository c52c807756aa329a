import { intlLocale } from "../lib/intl-locale";
import type { Lang } from "./locales";

/** A country's name in the user's language, from the browser's own data (CLDR via Intl). */
export function countryName(regionCode: string, lang: Lang): string {
  const code = regionCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return regionCode;
  try {
    return new Intl.DisplayNames([intlLocale(lang)], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
