// /system: the public content, e-mail subscription and service status (no token).
import { Type } from "@sinclair/typebox";
import {
  ARTICLE_CATEGORIES,
  CONTENT_IMAGE_BASE,
  EMAIL_MAX_LENGTH,
  LANGS,
  LINK_ALIASES,
  SERVICE_KEYS,
  type SystemSettings,
} from "../content";
import type { NewsletterLinkAnswer } from "../email";
import { API_BASE } from "../paths";
import {
  described,
  IdempotencyHeaders,
  Lang,
  LangQuery,
  listPage,
  listQuery,
  Nothing,
  Nullable,
  oneOf,
} from "./common";
import { endpoint } from "./endpoint";

const SYSTEM = `${API_BASE}/system`;

const ConfirmQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
const UnsubscribeQuery = Type.Object({
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
  sig: Type.String({ minLength: 1, maxLength: 100 }),
});

export const SubscribeBody = Type.Object({
  // The address itself is checked by the domain, so every bad one gets the same message.
  email: Type.String(),
  lang: Type.Optional(oneOf(LANGS)),
});

export const ArticleItemAnswer = Type.Object({
  id: Type.String(),
  category: oneOf(ARTICLE_CATEGORIES),
  title: Type.String(),
  summary: Type.String(),
  cover: Nullable(Type.String({ description: "the cover image's path, served under /content/" })),
  publishedAt: Type.String(),
  updatedAt: Type.String(),
});

export const ArticleAnswer = Type.Composite([
  ArticleItemAnswer,
  Type.Object({
    body: Type.String({ description: "sanitised HTML (article-html.ts allow-list)" }),
  }),
]);

export const LinkAnswer = Type.Object({
  id: Type.String(),
  alias: oneOf(LINK_ALIASES),
  title: Type.String(),
  url: Type.String({ description: 'https URL, mailto: address, or an in-app path ("/...")' }),
  // Optional: links stored on a device by an older build have none (false).
  frameable: Type.Optional(
    Type.Boolean({ description: "whether the in-app viewer may show it in a frame" }),
  ),
});

export const ServiceStatusAnswer = Type.Object({
  key: oneOf(SERVICE_KEYS),
  state: oneOf(["up", "degraded", "down"] as const),
  uptime: Type.String({ description: 'percentage of probes up or degraded in 30 days, "99.95"' }),
  since: Type.String({ description: "when the current state began" }),
});

export const SystemStatusAnswer = Type.Object({
  services: Type.Array(ServiceStatusAnswer),
  checkedAt: Type.String(),
});

export const systemEndpoints = {
  settings: endpoint({
    method: "GET",
    path: `${SYSTEM}/system`,
    summary: "Settings in a language, domain, country, mode",
    access: "public",
    query: LangQuery,
    answer: described<SystemSettings>("{ content: [{ alias, dataset }], domain, country, mode }"),
  }),
  links: endpoint({
    method: "GET",
    path: `${SYSTEM}/link`,
    summary: "Operator links (contacts, footer, partners), with `frameable`",
    access: "public",
    query: LangQuery,
    answer: Type.Array(LinkAnswer),
  }),
  articles: endpoint({
    method: "GET",
    path: `${SYSTEM}/article`,
    summary: "Articles, paged",
    access: "public",
    query: listQuery(
      { lang: Type.Optional(Lang), category: Type.Optional(oneOf(ARTICLE_CATEGORIES)) },
      Type.String({ maxLength: 300 }),
    ),
    answer: listPage(ArticleItemAnswer),
  }),
  article: endpoint({
    method: "GET",
    path: `${SYSTEM}/article/:id`,
    summary: "One article with its body (sanitised HTML)",
    access: "public",
    params: Type.Object({ id: Type.Optional(Type.String({ maxLength: 100 })) }),
    query: LangQuery,
    answer: ArticleAnswer,
  }),
  status: endpoint({
    method: "GET",
    path: `${SYSTEM}/status`,
    summary: "Service status",
    access: "public",
    answer: SystemStatusAnswer,
  }),
  subscribe: endpoint({
    method: "POST",
    path: `${SYSTEM}/subscribe`,
    summary: "E-mail subscription (idempotent per address)",
    access: "optional-user",
    headers: IdempotencyHeaders,
    body: SubscribeBody,
    answer: Nothing,
  }),
  // The links in the mails (double opt-in, signed unsubscribe) open the app's pages
  // (CONFIRM_PAGE_PATH, UNSUBSCRIBE_PAGE_PATH), whose button POSTs. A GET changes nothing: mail
  // scanners prefetch links. It redirects (303) to the page, for links in mails sent before the
  // pages existed and for mail clients that open List-Unsubscribe instead of POSTing it (RFC 8058).
  confirmSubscription: endpoint({
    method: "GET",
    path: `${SYSTEM}/subscribe/confirm`,
    summary: "Redirects (303) to the app's confirmation page with the same query; changes nothing",
    access: "public",
    wire: "file",
    query: ConfirmQuery,
    answer: described<null>("303 See Other, Location: /subscribe/confirm?token="),
  }),
  confirmSubscriptionPost: endpoint({
    method: "POST",
    path: `${SYSTEM}/subscribe/confirm`,
    summary: "Confirm an e-mail subscription (the confirmation page's button)",
    access: "public",
    query: ConfirmQuery,
    answer: described<NewsletterLinkAnswer>("{ email, status: confirmed, already }"),
  }),
  unsubscribe: endpoint({
    method: "GET",
    path: `${SYSTEM}/unsubscribe`,
    summary: "Redirects (303) to the app's unsubscribe page with the same query; changes nothing",
    access: "public",
    wire: "file",
    query: UnsubscribeQuery,
    answer: described<null>("303 See Other, Location: /unsubscribe?email=&sig="),
  }),
  unsubscribePost: endpoint({
    method: "POST",
    path: `${SYSTEM}/unsubscribe`,
    summary:
      "Unsubscribe an address (the unsubscribe page's button, or RFC 8058 one-click POST of List-Unsubscribe)",
    access: "public",
    query: UnsubscribeQuery,
    answer: described<NewsletterLinkAnswer>("{ email, status: unsubscribed, already }"),
  }),
  contentImage: endpoint({
    method: "GET",
    path: `${CONTENT_IMAGE_BASE}*`,
    summary: "An article cover image (outside /api)",
    access: "public",
    wire: "file",
    answer: Type.String({ contentEncoding: "binary", description: "the image's bytes" }),
  }),
};
