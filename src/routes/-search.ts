import { stringifySearchWith } from "@tanstack/react-router";
import { ARTICLE_CATEGORIES, type ArticleCategory } from "../../protocol";

/**
 * The router's search serialiser: plain values (`?id=1`). The default JSON-quotes strings that
 * look like numbers (`?id=%221%22`) to read them back as strings; ours read ids either way
 * (validateIdSearch), so links stay clean.
 */
export const stringifyPlainSearch = stringifySearchWith(JSON.stringify);

/** Search params of screens addressed by an id (`?id=`); anything else is dropped. */
export interface IdSearch {
  id?: string;
}

export function validateIdSearch(search: Record<string, unknown>): IdSearch {
  const id = search.id;
  if (typeof id === "string" && /^[\w-]{1,64}$/.test(id)) return { id };
  if (typeof id === "number" && Number.isSafeInteger(id)) return { id: String(id) };
  return {};
}

/** The data area's `?category=` (news, help centre, agreements); anything else means news. */
export interface CategorySearch {
  category?: ArticleCategory;
}

export function validateCategorySearch(search: Record<string, unknown>): CategorySearch {
  const category = search.category;
  return (ARTICLE_CATEGORIES as readonly unknown[]).includes(category)
    ? { category: category as ArticleCategory }
    : {};
}

/** The login screen's `?invite=` (a referrer's invite code); anything malformed is dropped. */
export interface InviteSearch {
  invite?: string;
}

export function validateInviteSearch(search: Record<string, unknown>): InviteSearch {
  const invite = search.invite;
  if (typeof invite === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(invite)) return { invite };
  if (typeof invite === "number" && Number.isSafeInteger(invite)) return { invite: String(invite) };
  return {};
}

/** A trading screen's `?symbol=`: "BTCUSDT", "BTC_USDT" or "BTC/USDT" -> "BTC/USDT"; else none. */
export interface SymbolSearch {
  symbol?: string;
}

export function validateSymbolSearch(search: Record<string, unknown>): SymbolSearch {
  const symbol = search.symbol;
  if (typeof symbol !== "string") return {};
  const match = /^([A-Z0-9]{2,10}?)[/_-]?(USDT)$/.exec(symbol.trim().toUpperCase());
  return match ? { symbol: `${match[1] ?? ""}/${match[2] ?? ""}` } : {};
}
