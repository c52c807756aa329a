// The console's other reads and actions: dashboard health, users, messages, audit, subscriptions.
import type {
  AdminSubscriptionItem,
  AuditItem,
  ListPage,
  MailboxItem,
  NewsletterSent,
  UserLockView,
} from "../../../protocol";
import { API_BASE } from "../../../protocol";
import { adminBlob, adminRequest } from "./transport";

/** GET /admin/ledger/check (200 either way; `ok` says whether every invariant holds). */
export interface LedgerCheckView {
  ok: boolean;
  transactions: string;
  accounts: string;
  violations: string[];
  checkedAt: string;
}

/** GET /system/status: market feed and worker health. */
export interface ServiceStatusView {
  services: { key: string; state: "up" | "degraded" | "down"; uptime: string; since: string }[];
  checkedAt: string;
}

export function checkLedger(): Promise<LedgerCheckView> {
  return adminRequest("GET", "/admin/ledger/check");
}

export function readServiceStatus(): Promise<ServiceStatusView> {
  return adminRequest("GET", "/system/status");
}

/** Locks or unlocks the user of a wallet address; the server keeps the reason in the audit log. */
export function setUserLock(
  address: string,
  locked: boolean,
  reason: string,
): Promise<UserLockView> {
  const action = locked ? "lock" : "unlock";
  return adminRequest("POST", `/admin/users/${encodeURIComponent(address)}/${action}`, {
    json: { reason },
  });
}

export function sendUserMessage(address: string, title: string, body: string): Promise<unknown> {
  return adminRequest("POST", "/admin/messages", { json: { address, title, body } });
}

/** Exact-match filters of the audit log, applied by the server (empty = no filter). */
export interface AuditFilters {
  action: string;
  actor: string;
}

export function listAudit(
  cursor: string | null,
  filters: AuditFilters,
  limit = 50,
): Promise<ListPage<AuditItem>> {
  return adminRequest("GET", "/admin/audit", {
    searchParams: {
      limit,
      ...(cursor === null ? {} : { cursor }),
      ...(filters.action === "" ? {} : { action: filters.action }),
      ...(filters.actor === "" ? {} : { actor: filters.actor }),
    },
  });
}

export function listSubscriptions(
  cursor: string | null,
  limit = 100,
): Promise<ListPage<AdminSubscriptionItem>> {
  return adminRequest("GET", "/admin/subscriptions", {
    searchParams: { limit, ...(cursor === null ? {} : { cursor }) },
  });
}

/** GET /admin/subscriptions.csv (opflow): the export as a file, held in memory for the download. */
export function subscriptionsCsv(): Promise<Blob> {
  return adminBlob("/admin/subscriptions.csv");
}

/** POST /admin/newsletter (permission manage): one mail per confirmed subscriber, queued. */
export function sendNewsletter(subject: string, text: string): Promise<NewsletterSent> {
  return adminRequest("POST", "/admin/newsletter", { json: { subject, text } });
}

/** GET /admin/mailbox (demo SMTP sink): the received mails, newest first. */
export function listMailbox(cursor: string | null, limit = 50): Promise<ListPage<MailboxItem>> {
  return adminRequest("GET", "/admin/mailbox", {
    searchParams: { limit, ...(cursor === null ? {} : { cursor }) },
  });
}

/** An upload (identity photo, recharge voucher) by the URL an item names, e.g. its photoUrl. */
export function uploadImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
  return adminBlob(path, signal ? { signal } : {});
}

/** GET /admin/links item (server/domain/content/link-admin.ts): a link and its titles. */
export interface AdminLinkView {
  id: string;
  alias: string;
  url: string;
  origin: "seed" | "operator";
  frameable: boolean;
  titles: Partial<Record<string, string>>;
  updatedAt: string;
}

export function listLinks(): Promise<AdminLinkView[]> {
  return adminRequest("GET", "/admin/links");
}

/** PUT /admin/links/:id: a new url and/or the title in one language (audited; kept over the seed). */
export function editLink(
  id: string,
  edit: { url?: string; title?: string; lang?: string },
): Promise<AdminLinkView> {
  return adminRequest("PUT", `/admin/links/${encodeURIComponent(id)}`, { json: edit });
}
