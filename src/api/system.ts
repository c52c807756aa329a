// The public content of /system/* (API.md): settings, links, articles, service status, and the
// e-mail subscription. Reads are conditional GETs (strong ETags), so an unchanged dataset costs
// one 304.
import type {
  Article,
  ArticleItem,
  Lang,
  LinkItem,
  ListPage,
  SystemSettings,
  SystemStatus,
} from "../../protocol";
import type { NewsletterLinkAnswer } from "../../protocol/email";
import { call, callConditional } from "./call";
import type { Conditional } from "./client";

export interface ReadOptions {
  quiet?: boolean;
  signal?: AbortSignal;
}

/** GET /system/system?lang= */
export function getSystemSettings(
  lang: Lang,
  etag: string | null,
  opts: ReadOptions = {},
): Promise<Conditional<SystemSettings>> {
  return callConditional("GET /system/system", etag, { ...opts, query: { lang } });
}

/** GET /system/link?lang= */
export function getLinks(
  lang: Lang,
  etag: string | null,
  opts: ReadOptions = {},
): Promise<Conditional<LinkItem[]>> {
  return callConditional("GET /system/link", etag, { ...opts, query: { lang } });
}

/** GET /system/article?lang=&cursor=&limit= (every category, newest first). */
export function getArticlePage(
  page: { lang: Lang; cursor: string | null; limit: number },
  etag: string | null,
  opts: ReadOptions = {},
): Promise<Conditional<ListPage<ArticleItem>>> {
  const query = { lang: page.lang, limit: page.limit, cursor: page.cursor ?? undefined };
  return callConditional("GET /system/article", etag, { ...opts, query });
}

/** GET /system/article/{id}?lang=: the item with its sanitised body. */
export function getArticle(id: string, lang: Lang, opts: ReadOptions = {}): Promise<Article> {
  return call("GET /system/article/:id", { ...opts, params: { id }, query: { lang } });
}

/** GET /system/status: every service's state and uptime. */
export function getSystemStatus(
  etag: string | null,
  opts: ReadOptions = {},
): Promise<Conditional<SystemStatus>> {
  return callConditional("GET /system/status", etag, opts);
}

/**
 * POST /system/subscribe. The key makes a retry after a lost answer harmless: the server answers
 * the stored response instead of subscribing twice.
 */
export async function subscribeEmail(
  email: string,
  idempotencyKey: string,
  opts: ReadOptions = {},
): Promise<void> {
  await call("POST /system/subscribe", {
    ...opts,
    body: { email },
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** POST /system/subscribe/confirm?token=: the confirmation page's button. */
export function confirmSubscription(
  token: string,
  opts: ReadOptions = {},
): Promise<NewsletterLinkAnswer> {
  return call("POST /system/subscribe/confirm", { ...opts, query: { token } });
}

/** POST /system/unsubscribe?email=&sig=: the unsubscribe page's button. */
export function unsubscribeByLink(
  link: { email: string; sig: string },
  opts: ReadOptions = {},
): Promise<NewsletterLinkAnswer> {
  return call("POST /system/unsubscribe", { ...opts, query: link });
}
