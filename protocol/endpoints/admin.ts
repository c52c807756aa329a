// /admin: operator-only (a user token gets 403 FORBIDDEN, no token 401, an operator whose role
// lacks the record's `permission` 403 FORBIDDEN; protocol/operators.ts). GETs need `read`; every
// other record names its permission. The review queues (identity, recharge, withdraw) share one
// shape: list by status, approve, reject with a reason.
import { Type } from "@sinclair/typebox";
import {
  AUDIT_FILTER_MAX_LENGTH,
  USER_LOCK_REASON_MAX_LENGTH,
  type AdminIdentityItem,
  type AdminSubscriptionItem,
  type AuditItem,
  type MailboxItem,
  type NewsletterSent,
  type UserLockView,
} from "../admin";
import { EMAIL_MAX_LENGTH } from "../content";
import { NEWSLETTER_LIMITS } from "../email";
import { IDENTITY_LIMITS } from "../identity";
import { MESSAGE_LIMITS } from "../messages";
import { API_BASE } from "../paths";
import {
  WALLET_REASON_MAX_LENGTH,
  type AdminRechargeItem,
  type AdminWithdrawalItem,
} from "../wallet";
import {
  Address,
  AddressParams,
  described,
  IdParams,
  listPage,
  listQuery,
  oneOf,
  SlugParams,
} from "./common";
import { endpoint } from "./endpoint";

const ADMIN = `${API_BASE}/admin`;

/** An answer the operators' tools read as a whole (its type lives with the server's domain). */
const record = (description: string) => described<object>(description);

/** GET /<queue>, POST /<queue>/:id/approve, POST /<queue>/:id/reject { reason }. */
function reviewQueue<const Q extends string, const S extends readonly number[], Item>(
  queue: Q,
  statuses: S,
  reasonMaxLength: number,
  item: ReturnType<typeof described<Item>>,
) {
  return {
    list: endpoint({
      method: "GET",
      path: `${ADMIN}/${queue}`,
      summary: `The ${queue} review queue, by status`,
      access: "operator",
      query: listQuery({ status: Type.Optional(oneOf(statuses)) }),
      answer: listPage(item),
    }),
    approve: endpoint({
      method: "POST",
      path: `${ADMIN}/${queue}/:id/approve`,
      summary: `Approve a ${queue} item`,
      access: "operator",
      permission: "review",
      params: IdParams,
      answer: item,
    }),
    reject: endpoint({
      method: "POST",
      path: `${ADMIN}/${queue}/:id/reject`,
      summary: `Reject a ${queue} item with a reason`,
      access: "operator",
      permission: "review",
      params: IdParams,
      body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: reasonMaxLength }) }),
      answer: item,
    }),
  };
}

/** Any review queue's endpoints, for the server's one registration of the three. */
export type ReviewQueueEndpoints = ReturnType<
  typeof reviewQueue<string, readonly number[], unknown>
>;

export const identityQueue = reviewQueue(
  "identity",
  [0, 1, 2] as const,
  IDENTITY_LIMITS.reasonMaxLength,
  described<AdminIdentityItem>("an identity submission"),
);
export const rechargeQueue = reviewQueue(
  "recharge",
  [0, 1, 2] as const,
  WALLET_REASON_MAX_LENGTH,
  described<AdminRechargeItem>("a recharge with its user and reviewer"),
);
export const withdrawQueue = reviewQueue(
  "withdraw",
  [0, 1, 2, 3] as const,
  WALLET_REASON_MAX_LENGTH,
  described<AdminWithdrawalItem>("a withdrawal with its user and reviewer"),
);

const userLock = (action: "lock" | "unlock") =>
  endpoint({
    method: "POST",
    path: `${ADMIN}/users/:address/${action}`,
    summary: `${action === "lock" ? "Lock" : "Unlock"} a user`,
    access: "operator",
    permission: "manage",
    params: AddressParams,
    // Optional (the CLI and older callers send none); when sent, `reason` is 1..max characters
    // after trimming and is kept in the audit row. Checked by the domain (operators/user-lock.ts),
    // the same code the CLI runs, so that a missing body is accepted and a bad one refused alike.
    body: Type.Object(
      {
        reason: Type.Optional(
          Type.String({ minLength: 1, maxLength: USER_LOCK_REASON_MAX_LENGTH }),
        ),
      },
      { additionalProperties: false },
    ),
    bodyAsValidated: null,
    answer: described<UserLockView>("{ userId, address, locked, changed }"),
  });

export const LedgerCheckAnswer = Type.Object({
  ok: Type.Boolean(),
  transactions: Type.String(),
  accounts: Type.String(),
  violations: Type.Array(Type.String()),
  checkedAt: Type.String(),
});

const Email = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
// Checked by the domain (content/article-input.ts), the same code the CLI runs.
const ArticleBody = Type.Object(
  {},
  { description: "an article: category, slug, cover, texts per language" },
);
const AdminArticle = record("an article with every language's texts");

export const adminEndpoints = {
  identityQueue: identityQueue.list,
  approveIdentity: identityQueue.approve,
  rejectIdentity: identityQueue.reject,
  rechargeQueue: rechargeQueue.list,
  approveRecharge: rechargeQueue.approve,
  rejectRecharge: rechargeQueue.reject,
  withdrawQueue: withdrawQueue.list,
  approveWithdrawal: withdrawQueue.approve,
  rejectWithdrawal: withdrawQueue.reject,
  lockUser: userLock("lock"),
  unlockUser: userLock("unlock"),
  sendMessage: endpoint({
    method: "POST",
    path: `${ADMIN}/messages`,
    summary: "Send a user a message (audited; the user's apps get a poke)",
    access: "operator",
    permission: "manage",
    body: Type.Object(
      {
        address: Address,
        title: Type.String({ minLength: 1, maxLength: MESSAGE_LIMITS.titleMaxLength }),
        // The domain trims and checks the exact limits; this only keeps absurd bodies out.
        body: Type.String({ minLength: 1, maxLength: MESSAGE_LIMITS.bodyMaxLength * 2 }),
      },
      { additionalProperties: false },
    ),
    answer: record("the sent message"),
  }),
  articles: endpoint({
    method: "GET",
    path: `${ADMIN}/articles`,
    summary: "Every article, paged",
    access: "operator",
    query: listQuery({}, Type.String({ maxLength: 300 })),
    answer: listPage(record("an article as operators list it")),
  }),
  createArticle: endpoint({
    method: "POST",
    path: `${ADMIN}/articles`,
    summary: "Add an article",
    access: "operator",
    permission: "manage",
    body: ArticleBody,
    answer: AdminArticle,
  }),
  editArticle: endpoint({
    method: "PUT",
    path: `${ADMIN}/articles/:id`,
    summary: "Edit an article",
    access: "operator",
    permission: "manage",
    params: SlugParams,
    body: ArticleBody,
    answer: AdminArticle,
  }),
  removeArticle: endpoint({
    method: "DELETE",
    path: `${ADMIN}/articles/:id`,
    summary: "Delete an article",
    access: "operator",
    permission: "manage",
    params: SlugParams,
    answer: record("the deleted article's id"),
  }),
  links: endpoint({
    method: "GET",
    path: `${ADMIN}/links`,
    summary: "Every link with its origin (seed or operator) and titles",
    access: "operator",
    answer: Type.Array(record("a link with its titles in every language")),
  }),
  editLink: endpoint({
    method: "PUT",
    path: `${ADMIN}/links/:id`,
    summary: "Edit a link's url, a title or `frameable` (audited; kept over the seed)",
    access: "operator",
    permission: "manage",
    params: SlugParams,
    // Checked by the domain (content/link-admin.ts), the same code the CLI runs.
    body: Type.Object({}, { description: "{ url?, lang?, title?, frameable? }" }),
    bodyAsValidated: null,
    answer: record("the edited link"),
  }),
  audit: endpoint({
    method: "GET",
    path: `${ADMIN}/audit`,
    summary: "The audit log, newest first; `action` and `actor` (its label) filter by exact match",
    access: "operator",
    query: listQuery({
      action: Type.Optional(Type.String({ minLength: 1, maxLength: AUDIT_FILTER_MAX_LENGTH })),
      actor: Type.Optional(Type.String({ minLength: 1, maxLength: AUDIT_FILTER_MAX_LENGTH })),
    }),
    answer: listPage(described<AuditItem>("an audit entry")),
  }),
  ledgerCheck: endpoint({
    method: "GET",
    path: `${ADMIN}/ledger/check`,
    summary: "Every ledger invariant and the hash chain (200 either way; see `ok`)",
    access: "operator",
    answer: LedgerCheckAnswer,
  }),
  subscriptions: endpoint({
    method: "GET",
    path: `${ADMIN}/subscriptions`,
    summary: "E-mail subscriptions (`?email=` for one); the cursor is the last address",
    access: "operator",
    query: listQuery({ email: Type.Optional(Email) }, Email),
    answer: listPage(described<AdminSubscriptionItem>("a subscription")),
  }),
  subscriptionsCsv: endpoint({
    method: "GET",
    path: `${ADMIN}/subscriptions.csv`,
    summary:
      "Every e-mail subscription as CSV (email, status, lang, userId, createdAt, confirmedAt, unsubscribedAt)",
    access: "operator",
    wire: "file",
    answer: Type.String({ description: "text/csv, UTF-8, a header line first" }),
  }),
  sendNewsletter: endpoint({
    method: "POST",
    path: `${ADMIN}/newsletter`,
    summary: "Queue a newsletter for every confirmed subscriber, one mail each (audited)",
    access: "operator",
    permission: "manage",
    body: Type.Object(
      {
        // The domain trims and checks the exact limits (the same code as any other caller).
        subject: Type.String({ maxLength: NEWSLETTER_LIMITS.subjectMaxLength * 2 }),
        text: Type.String({ maxLength: NEWSLETTER_LIMITS.textMaxLength * 2 }),
      },
      { additionalProperties: false },
    ),
    answer: described<NewsletterSent>("{ id, subject, recipients, createdAt }"),
  }),
  mailbox: endpoint({
    method: "GET",
    path: `${ADMIN}/mailbox`,
    summary:
      "Demo only: the mails the in-process SMTP sink received, newest first (`?to=` one address)",
    access: "operator",
    query: listQuery({ to: Type.Optional(Email) }),
    answer: listPage(described<MailboxItem>("a received mail")),
  }),
};
