// The shape of the repository's content: what is the same in every language (catalog.ts) and
// what each language says (one file per language). The server loads it into the content tables
// on start (seed-content.ts); operator edits win over it.
import type { ArticleCategory, LinkAlias, SettingDatasets } from "../../../../protocol/content";

export interface SeedArticle {
  /** Slug, also the article's id in every language. */
  id: string;
  category: ArticleCategory;
  /** "/content/<file>" under server/content/images, or null. */
  cover: string | null;
  /** ISO-8601 with offset. */
  publishedAt: string;
  /** Lower first within a category (help questions keep their order). */
  sort: number;
}

export interface SeedLink {
  id: string;
  alias: LinkAlias;
  /** https://, mailto: or an in-app path; the same in every language. */
  url: string;
  sort: number;
}

export interface ArticleText {
  title: string;
  summary: string;
  /** HTML using only p, h2, h3, ul, ol, li, strong, em, a (https or in-app href), blockquote, br. */
  body: string;
}

/** The three documents the footer links to; each language keeps them in documents/<lang>.ts. */
export type FooterDocuments = Record<
  "user-agreement" | "privacy-policy" | "community-guidelines",
  ArticleText
>;

/** The help centre's answers about AI quant plans and the weighted score; help/<lang>.ts. */
export type HelpAnswers = Record<
  "what-is-ai-quant-trading" | "ai-quant-advantages" | "what-is-the-weighted-score",
  ArticleText
>;

/** Everything one language says. Every catalog id must be present (checked by a test). */
export interface LangContent {
  settings: SettingDatasets;
  /** Link id -> title. */
  links: Record<string, string>;
  /** Article id -> text. */
  articles: Record<string, ArticleText>;
}
