// Every language file present in this folder, collected for seed-content.ts. Translators: add
// one import line and one entry below when you add <lang>.ts (e.g. `import { de } from "./de";`
// and `de,`); a language without a file is served in English.
import type { Lang } from "../../../../protocol/content";
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";
import { jp } from "./jp";
import { ko } from "./ko";
import { pt } from "./pt";
import { tc } from "./tc";
import { th } from "./th";
import { vi } from "./vi";
import type { LangContent } from "./types";

export { SEED_ARTICLES, SEED_LINKS } from "./catalog";

export const SEED_LANGS: Partial<Record<Lang, LangContent>> & { en: LangContent } = {
  de,
  en,
  es,
  fr,
  it,
  jp,
  ko,
  pt,
  tc,
  th,
  vi,
};
