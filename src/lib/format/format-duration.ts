// Durations in seconds as the locale writes them ("30 s", "30秒", "30초"), through Intl: a unit is
// not a sentence to translate.
import { intlLocale } from "../intl-locale";

const formats = new Map<string, Intl.NumberFormat>();

export function formatSeconds(seconds: number, locale: string): string {
  let format = formats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: "unit",
      unit: "second",
      unitDisplay: "short",
    });
    formats.set(locale, format);
  }
  return format.format(seconds);
}
