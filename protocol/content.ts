// Public content of /system/* (API.md): settings, links, articles, the e-mail subscription and
// service status. Content exists in every language the app speaks; `?lang=` picks one.
import type { Static } from "@sinclair/typebox";
import type {
  ArticleAnswer,
  ArticleItemAnswer,
  LinkAnswer,
  ServiceStatusAnswer,
  SystemStatusAnswer,
} from "./endpoints/system";

/** The app's languages, also the `lang` of every content row (ja is "jp", zh is "tc"). */
export const LANGS = ["en", "de", "es", "fr", "it", "jp", "ko", "pt", "tc", "th", "vi"] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/**
 * Aliases of GET /system/system `content` items and the shape of each one's `dataset`.
 * `pitch`: the home page's AI trading system pitch; `subscribe`: the e-mail subscription block;
 * `footer`: the footer's operator line and copyright.
 */
export interface SettingDatasets {
  pitch: { title: string; subtitle: string; points: { title: string; text: string }[] };
  subscribe: { title: string; text: string };
  footer: { operator: string; copyright: string };
}
export type SettingAlias = keyof SettingDatasets;
export const SETTING_ALIASES = [
  "pitch",
  "subscribe",
  "footer",
] as const satisfies readonly SettingAlias[];

export type SettingItem = {
  [A in SettingAlias]: { alias: A; dataset: SettingDatasets[A] };
}[SettingAlias];

export interface SystemSettings {
  content: SettingItem[];
  /** The host the operator serves the app from. */
  domain: string;
  /** ISO 3166-1 alpha-2 code of the operator's country, or "" when not configured. */
  country: string;
  mode: "demo" | "production";
}

/**
 * Link aliases: live chat and the messaging app (home, header), the footer's documents, and the
 * partner block. Several items may share an alias (partners).
 */
export const LINK_ALIASES = [
  "live-chat",
  "messaging-app",
  "help-centre",
  "community-guidelines",
  "user-agreement",
  "privacy-policy",
  "partner",
] as const;
export type LinkAlias = (typeof LINK_ALIASES)[number];

/**
 * A link: `url` is an https URL, a mailto: address or an in-app path starting with "/"; `frameable`
 * says whether the in-app viewer (/web) may frame it (the operator allowed it and the CSP admits its
 * origin).
 */
export type LinkItem = Static<typeof LinkAnswer>;

export const ARTICLE_CATEGORIES = ["news", "help", "agreement"] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** An article in a list; `cover` is the path of its image (served under /content/), or null. */
export type ArticleItem = Static<typeof ArticleItemAnswer>;

/** An article with its body: sanitised HTML, only the allow-list of article-html.ts. */
export type Article = Static<typeof ArticleAnswer>;

/** Where article covers are served from; the service worker caches these CacheFirst. */
export const CONTENT_IMAGE_BASE = "/content/";

export interface SubscribeRequest {
  email: string;
}

export const EMAIL_MAX_LENGTH = 254;

/** Keys of GET /system/status, in display order. */
export const SERVICE_KEYS = [
  "web",
  "lab",
  "community",
  "coding",
  "backtest",
  "live",
  "optimise",
  "api",
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];
export type ServiceState = ServiceStatus["state"];

/** A service's state; `uptime`: percentage of probes in 30 days that found it up or degraded. */
export type ServiceStatus = Static<typeof ServiceStatusAnswer>;

export type SystemStatus = Static<typeof SystemStatusAnswer>;
