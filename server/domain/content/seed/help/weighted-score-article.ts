// The help centre's weighted-score answer, built from the one formula and the one level table
// (protocol/weighted-score.ts, protocol/credit-levels.ts): every weight, cap, window, threshold
// and quota in it is read from there, so the published text cannot drift from what the server
// computes. Each language supplies only its words (help/<lang>.ts) and its number format.
import type { Lang } from "../../../../../protocol/content";
import { CREDIT_LEVELS, MAX_WEIGHTED_SCORE } from "../../../../../protocol/credit-levels";
import {
  SCORE_ACTIVE_DAYS_WINDOW,
  SCORE_CONTRIBUTIONS_FOR_FULL,
  SCORE_DEPOSITS_FOR_FULL,
  SCORE_WEIGHTS,
} from "../../../../../protocol/weighted-score";
import type { ArticleText } from "../types";

/** The slug the app's credit score card links to (src/features/assets/credit-score-card.tsx). */
export const WEIGHTED_SCORE_ARTICLE = "what-is-the-weighted-score";

/** One language's words; numbers arrive formatted, each function answers HTML. */
export interface WeightedScoreWords {
  title: string;
  summary: string;
  /** Paragraphs before the formula. */
  intro: string[];
  formulaHeading: string;
  totalLimit(weight: string, full: string): string;
  usageHabits(weight: string, window: string): string;
  contribution(weight: string, full: string): string;
  /** After the terms: rounding, the range, when it is recomputed. */
  sum(max: string): string;
  levelsHeading: string;
  levelUnverified(level: string, quota: string): string;
  levelVerified(level: string, quota: string): string;
  levelScore(level: string, minScore: string, quota: string): string;
  /** Paragraphs after the level list. */
  outro: string[];
}

/** BCP 47 locales of the content languages (jp and tc are the product's own codes). */
const LOCALES: Record<Lang, string> = {
  en: "en",
  de: "de",
  es: "es",
  fr: "fr",
  it: "it",
  jp: "ja",
  ko: "ko",
  pt: "pt",
  tc: "zh-TW",
  th: "th",
  vi: "vi",
};

export function weightedScoreArticle(lang: Lang, words: WeightedScoreWords): ArticleText {
  const format = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 6 });
  const n = (value: number | string) => format.format(Number(value));
  const levels = CREDIT_LEVELS.map((row) => {
    const level = n(row.level);
    const quota = n(row.quota);
    if (!row.verified) return words.levelUnverified(level, quota);
    if (row.minScore === 0) return words.levelVerified(level, quota);
    return words.levelScore(level, n(row.minScore), quota);
  });
  const body = [
    ...words.intro.map((text) => `<p>${text}</p>`),
    `<h2>${words.formulaHeading}</h2>`,
    "<ul>",
    `<li>${words.totalLimit(n(SCORE_WEIGHTS.totalLimit), n(SCORE_DEPOSITS_FOR_FULL))}</li>`,
    `<li>${words.usageHabits(n(SCORE_WEIGHTS.usageHabits), n(SCORE_ACTIVE_DAYS_WINDOW))}</li>`,
    `<li>${words.contribution(n(SCORE_WEIGHTS.contribution), n(SCORE_CONTRIBUTIONS_FOR_FULL))}</li>`,
    "</ul>",
    `<p>${words.sum(n(MAX_WEIGHTED_SCORE))}</p>`,
    `<h2>${words.levelsHeading}</h2>`,
    "<ul>",
    ...levels.map((text) => `<li>${text}</li>`),
    "</ul>",
    ...words.outro.map((text) => `<p>${text}</p>`),
  ];
  return { title: words.title, summary: words.summary, body: body.join("\n") };
}
