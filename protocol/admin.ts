// Operator API (API.md "/admin"): what review queues, lock/unlock and the audit log answer.
import type { IdentityStatus, IdType } from "./identity";
import type { SubscriptionStatus } from "./email";

/** An identity submission as an operator reviews it: full ID number, owner and photo link. */
export interface AdminIdentityItem {
  id: string;
  userId: string;
  address: string | null;
  status: IdentityStatus;
  name: string;
  idNumber: string;
  idType: IdType;
  /** Upload id of the photo; `photoUrl` streams it (operators may read every upload). */
  photo: string;
  photoUrl: string;
  submittedAt: string;
  reviewedAt: string | null;
  reviewerId: string | null;
  reason: string | null;
}

/** The longest reason an operator may give for a lock or an unlock (kept in the audit log). */
export const USER_LOCK_REASON_MAX_LENGTH = 500;
/** The longest `action` / `actor` filter GET /admin/audit accepts (actions and labels are short). */
export const AUDIT_FILTER_MAX_LENGTH = 100;

/** POST /admin/users/{address}/lock|unlock. `changed` is false when it already was so. */
export interface UserLockView {
  userId: string;
  address: string;
  locked: boolean;
  changed: boolean;
}

/** One row of the append-only audit log. `actorLabel` is "operator:<name>" or "cli:<os user>". */
export interface AuditItem {
  id: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
}

/** GET /admin/subscriptions: one e-mail subscription (one row per address, ever). */
export interface AdminSubscriptionItem {
  email: string;
  /** The signed-in user who subscribed, or null for an anonymous visitor. */
  userId: string | null;
  lang: string | null;
  createdAt: string;
  /** Double opt-in: only "confirmed" addresses get newsletters. */
  status: SubscriptionStatus;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** POST /admin/newsletter answer: queued for every confirmed subscriber, one mail each. */
export interface NewsletterSent {
  id: string;
  subject: string;
  recipients: number;
  createdAt: string;
}

/** GET /admin/mailbox item: a mail the demo SMTP sink received. */
export interface MailboxItem {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  messageId: string | null;
  receivedAt: string;
}
