/** A parsed PO catalog: message id -> source message and its translation. */
export type CatalogEntries = Record<
  string,
  { message?: string; translation?: string; obsolete?: boolean }
>;

/**
 * Messages that read the same in every language (brand and unit names, symbols). Anything else
 * whose translation equals the English source is English left behind.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(["Quanta", "USDT", "ERC20", "OK", "Demo"]);

export function findUntranslated(catalog: CatalogEntries): string[] {
  const problems: string[] = [];
  for (const [id, entry] of Object.entries(catalog)) {
    if (entry.obsolete) continue;
    const source = entry.message ?? id;
    const translation = entry.translation?.trim() ?? "";
    if (translation === "") problems.push(`missing translation for "${source}"`);
    else if (translation === source && !SAME_IN_EVERY_LANGUAGE.has(source)) {
      problems.push(`English left in place of a translation: "${source}"`);
    }
  }
  return problems;
}
