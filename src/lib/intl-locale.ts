// The app's language codes (DESIGN.md section 7) are not all BCP 47: "jp" and "tc" are legacy codes
// kept from the original product, and Intl would read them as unknown and fall back silently.
const APP_TO_INTL: Readonly<Record<string, string>> = { jp: "ja", tc: "zh-TW" };

/** App language code -> BCP 47 tag for Intl: jp -> "ja", tc -> "zh-TW", anything else unchanged. */
export function intlLocale(appLang: string): string {
  return APP_TO_INTL[appLang] ?? appLang;
}
