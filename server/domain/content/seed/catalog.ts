// The repository's content catalog: which articles and links exist and everything about them
// that is the same in every language (slug, category, cover, date, order, url). What each
// language says lives in <lang>.ts; seed-content.test.ts checks that both sides match.
import type { SeedArticle, SeedLink } from "./types";

// One publication moment per group keeps help questions and agreements ordered by `sort` alone.
const HELP_PUBLISHED = "2026-09-01T09:00:00+08:00";
const AGREEMENT_PUBLISHED = "2026-09-01T09:00:00+08:00";

export const SEED_ARTICLES: readonly SeedArticle[] = [
  // Help centre: the seed's four questions, in the order the home page asks them.
  {
    id: "what-is-ai-quant-trading",
    category: "help",
    cover: null,
    publishedAt: HELP_PUBLISHED,
    sort: 0,
  },
  {
    id: "is-profit-guaranteed",
    category: "help",
    cover: null,
    publishedAt: HELP_PUBLISHED,
    sort: 1,
  },
  {
    id: "ai-quant-advantages",
    category: "help",
    cover: null,
    publishedAt: HELP_PUBLISHED,
    sort: 2,
  },
  {
    id: "what-is-the-weighted-score",
    category: "help",
    cover: null,
    publishedAt: HELP_PUBLISHED,
    sort: 3,
  },
  // Agreements, linked from the footer.
  {
    id: "user-agreement",
    category: "agreement",
    cover: null,
    publishedAt: AGREEMENT_PUBLISHED,
    sort: 1,
  },
  {
    id: "privacy-policy",
    category: "agreement",
    cover: null,
    publishedAt: AGREEMENT_PUBLISHED,
    sort: 2,
  },
  {
    id: "community-guidelines",
    category: "agreement",
    cover: null,
    publishedAt: AGREEMENT_PUBLISHED,
    sort: 3,
  },
  // News: listed newest first by publishedAt; covers are served from server/content/images.
  {
    id: "welcome-to-quanta",
    category: "news",
    cover: "/content/welcome-to-quanta.svg",
    publishedAt: "2026-09-08T10:00:00+08:00",
    sort: 0,
  },
  {
    id: "how-settlements-are-verified",
    category: "news",
    cover: "/content/how-settlements-are-verified.svg",
    publishedAt: "2026-09-24T10:00:00+08:00",
    sort: 0,
  },
  {
    id: "demo-mode-explained",
    category: "news",
    cover: "/content/demo-mode-explained.svg",
    publishedAt: "2026-10-13T10:00:00+08:00",
    sort: 0,
  },
  {
    id: "our-withdrawal-promise",
    category: "news",
    cover: "/content/our-withdrawal-promise.svg",
    publishedAt: "2026-10-29T10:00:00+08:00",
    sort: 0,
  },
  {
    id: "market-data-sources",
    category: "news",
    cover: "/content/market-data-sources.svg",
    publishedAt: "2026-11-18T10:00:00+08:00",
    sort: 0,
  },
];

// Addresses under .example / example.org are reserved placeholders: an operator replaces them
// with their own support channels (through /admin or the CLI) before going live.
export const SEED_LINKS: readonly SeedLink[] = [
  { id: "live-chat", alias: "live-chat", url: "mailto:support@quanta.example", sort: 1 },
  {
    id: "messaging-app",
    alias: "messaging-app",
    url: "https://matrix.to/#/#quanta-support:example.org",
    sort: 2,
  },
  { id: "help-centre", alias: "help-centre", url: "/data?category=help", sort: 3 },
  {
    id: "community-guidelines",
    alias: "community-guidelines",
    url: "/data/detail?id=community-guidelines",
    sort: 4,
  },
  {
    id: "user-agreement",
    alias: "user-agreement",
    url: "/data/detail?id=user-agreement",
    sort: 5,
  },
  {
    id: "privacy-policy",
    alias: "privacy-policy",
    url: "/data/detail?id=privacy-policy",
    sort: 6,
  },
  // The partner block names what the product is built on, not business partnerships.
  { id: "partner-ethereum", alias: "partner", url: "https://ethereum.org", sort: 10 },
  { id: "partner-tether", alias: "partner", url: "https://tether.to", sort: 11 },
  {
    id: "partner-binance-data",
    alias: "partner",
    url: "https://www.binance.com/en/binance-api",
    sort: 12,
  },
  { id: "partner-foundry", alias: "partner", url: "https://getfoundry.sh", sort: 13 },
];
