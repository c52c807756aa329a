// Extracts the app's messages, then fails when any language lacks a translation or still holds
// English (a copied source string). Part of `npm test`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { formatter } from "@lingui/format-po";
import { findUntranslated, type CatalogEntries } from "./lib/translations";

const SOURCE = "en";
const LINGUI_CLI = "node_modules/@lingui/cli/dist/lingui.js";
const LOCALES = ["de", "es", "fr", "it", "jp", "ko", "pt", "tc", "th", "vi"];

execFileSync(process.execPath, [LINGUI_CLI, "extract", "--clean"], {
  stdio: ["ignore", "ignore", "inherit"],
});

const po = formatter({ lineNumbers: false });
let problems = 0;
for (const locale of LOCALES) {
  const filename = `src/locales/${locale}/messages.po`;
  const catalog = (await po.parse(readFileSync(filename, "utf8"), {
    locale,
    sourceLocale: SOURCE,
    filename,
  })) as CatalogEntries;
  for (const problem of findUntranslated(catalog)) {
    problems++;
    console.error(`${filename}: ${problem}`);
  }
}
if (problems > 0) {
  console.error(`translations: ${problems} message(s) untranslated`);
  process.exit(1);
}
console.log(`translations: ${LOCALES.length} languages complete`);
