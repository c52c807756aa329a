// Content rows exist per language; a language the operator has not translated yet falls back to
// English rows, so a screen never shows an empty list where English content exists.
import type { Lang } from "../../../protocol";

export const FALLBACK_LANG: Lang = "en";

/** Runs `read` for `lang`; when it finds nothing, runs it again for English. */
export async function readWithFallback<T>(
  lang: Lang,
  read: (lang: Lang) => Promise<T[]>,
): Promise<{ rows: T[]; lang: Lang }> {
  const rows = await read(lang);
  if (rows.length > 0 || lang === FALLBACK_LANG) return { rows, lang };
  return { rows: await read(FALLBACK_LANG), lang: FALLBACK_LANG };
}

/** The row for `lang`, else the English one, else undefined. */
export async function getWithFallback<T>(
  lang: Lang,
  get: (lang: Lang) => Promise<T | undefined>,
): Promise<T | undefined> {
  const row = await get(lang);
  if (row !== undefined || lang === FALLBACK_LANG) return row;
  return get(FALLBACK_LANG);
}
