// The console's content calls: articles (list, read, add, edit, delete), the public settings per
// language, and the promotions budget. Types come from the contract (protocol/).
import type { Static } from "@sinclair/typebox";
import type { Lang, ListPage } from "../../../protocol";
import type {
  PromotionsBudgetAnswer,
  PromotionsFundedAnswer,
} from "../../../protocol/endpoints/admin-promotions";
import type { AdminSetting } from "../../../protocol/settings-admin";
import { adminRequest } from "./transport";

export type { AdminSetting };
export type PromotionsBudgetView = Static<typeof PromotionsBudgetAnswer>;
export type PromotionsFundedView = Static<typeof PromotionsFundedAnswer>;

export interface ArticleTextView {
  title: string;
  summary: string;
  body: string;
}

/** GET /admin/articles item (server/domain/content/article-admin.ts). */
export interface AdminArticleItemView {
  id: string;
  category: string;
  cover: string | null;
  sort: number;
  origin: "seed" | "operator";
  title: string;
  languages: Lang[];
  publishedAt: string;
  updatedAt: string;
}

export interface AdminArticleView extends AdminArticleItemView {
  texts: Partial<Record<Lang, ArticleTextView>>;
}

/** What POST/PUT /admin/articles take; English is required, the server checks the rest. */
export interface ArticleDraft {
  category: string;
  cover: string | null;
  sort: number;
  texts: Partial<Record<Lang, ArticleTextView>>;
}

export function listArticles(
  cursor: string | null,
  limit = 50,
): Promise<ListPage<AdminArticleItemView>> {
  return adminRequest("GET", "/admin/articles", {
    searchParams: { limit, ...(cursor === null ? {} : { cursor }) },
  });
}

export function readArticle(id: string): Promise<AdminArticleView> {
  return adminRequest("GET", `/admin/articles/${encodeURIComponent(id)}`);
}

export function saveArticle(id: string | null, draft: ArticleDraft): Promise<AdminArticleView> {
  return id === null
    ? adminRequest("POST", "/admin/articles", { json: draft })
    : adminRequest("PUT", `/admin/articles/${encodeURIComponent(id)}`, { json: draft });
}

export function deleteArticle(id: string): Promise<unknown> {
  return adminRequest("DELETE", `/admin/articles/${encodeURIComponent(id)}`);
}

export function listSettings(): Promise<AdminSetting[]> {
  return adminRequest("GET", "/admin/settings");
}

export function editSetting(alias: string, lang: Lang, dataset: unknown): Promise<AdminSetting> {
  return adminRequest("PUT", `/admin/settings/${alias}/${lang}`, { json: { dataset } });
}

export function readPromotions(): Promise<PromotionsBudgetView> {
  return adminRequest("GET", "/admin/promotions");
}

/** POST /admin/promotions/fund; `key` is one per attempt, so a retried send funds once. */
export function fundPromotions(amount: string, key: string): Promise<PromotionsFundedView> {
  return adminRequest("POST", "/admin/promotions/fund", {
    json: { amount },
    headers: { "Idempotency-Key": key },
  });
}
