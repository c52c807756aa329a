// /system: the public content, e-mail subscription and service status (no token).
import { Type } from "@sinclair/typebox";
import {
  ARTICLE_CATEGORIES,
  CONTENT_IMAGE_BASE,
  LANGS,
  type Article,
  type ArticleItem,
  type LinkItem,
  type SystemSettings,
  type SystemStatus,
} from "../content";
import { API_BASE } from "../paths";
import {
  described,
  IdempotencyHeaders,
  Lang,
  LangQuery,
  listPage,
  listQuery,
  Nothing,
  oneOf,
} from "./common";
import { endpoint } from "./endpoint";

const SYSTEM = `${API_BASE}/system`;

export const SubscribeBody = Type.Object({
  // The address itself is checked by the domain, so every bad one gets the same message.
  email: Type.String(),
  lang: Type.Optional(oneOf(LANGS)),
});

const ArticleListItem = described<ArticleItem>(
  "{ id, category, title, summary, cover, publishedAt, updatedAt }",
);

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
    answer: Type.Array(described<LinkItem>("{ id, alias, title, url, frameable }")),
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
    answer: listPage(ArticleListItem),
  }),
  article: endpoint({
    method: "GET",
    path: `${SYSTEM}/article/:id`,
    summary: "One article with its body (sanitised HTML)",
    access: "public",
    params: Type.Object({ id: Type.Optional(Type.String({ maxLength: 100 })) }),
    query: LangQuery,
    answer: described<Article>("{ ...item, body }"),
  }),
  status: endpoint({
    method: "GET",
    path: `${SYSTEM}/status`,
    summary: "Service status",
    access: "public",
    answer: described<SystemStatus>("{ services: [{ key, state, uptime, since }], checkedAt }"),
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
  contentImage: endpoint({
    method: "GET",
    path: `${CONTENT_IMAGE_BASE}*`,
    summary: "An article cover image (outside /api)",
    access: "public",
    wire: "file",
    answer: Type.String({ contentEncoding: "binary", description: "the image's bytes" }),
  }),
};
