// /profile: the signed-in user's own account, identity verification and messages.
import { Type } from "@sinclair/typebox";
import { ID_TYPE, IDENTITY_LIMITS, IDENTITY_STATUS, type IdType } from "../identity";
import { MESSAGE_KINDS } from "../messages";
import { API_BASE } from "../paths";
import {
  codeOf,
  CreditLevel,
  DecimalString,
  IdParams,
  Nullable,
  oneOf,
  Nothing,
  listPage,
  listQuery,
  OptionalIdempotencyHeaders,
} from "./common";
import { endpoint } from "./endpoint";

const PROFILE = `${API_BASE}/profile`;

export const ProfileAnswer = Type.Object({
  id: Type.String(),
  address: Nullable(
    Type.String({ description: "EIP-55 checksummed; null for operators (password sign-in)" }),
  ),
  name: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  locked: Type.Boolean(),
  verified: Nullable(codeOf(IDENTITY_STATUS, "the latest identity submission's status")),
  creditLevel: CreditLevel,
  weightedScore: Type.Integer({ minimum: 0, maximum: 1000 }),
  inviteCode: Type.String(),
  createdAt: Type.String({ description: "ISO-8601 with offset" }),
});

/** GET /profile/score: the weighted score with its terms and the inputs the score job counted. */
export const ScoreAnswer = Type.Object({
  weightedScore: Type.Integer({ minimum: 0, maximum: 1000 }),
  creditLevel: CreditLevel,
  terms: Type.Object({
    totalLimit: Type.Integer({ minimum: 0, maximum: 400 }),
    usageHabits: Type.Integer({ minimum: 0, maximum: 300 }),
    contribution: Type.Integer({ minimum: 0, maximum: 300 }),
  }),
  inputs: Type.Object({
    totalDeposits: DecimalString,
    activeDays: Type.Integer({ minimum: 0, maximum: 30 }),
    backtests: Type.Integer({ minimum: 0 }),
    strategiesShared: Type.Integer({ minimum: 0, description: "0: no strategy sharing yet" }),
    verified: Type.Boolean(),
  }),
  nextLevel: Nullable(
    Type.Object({
      level: CreditLevel,
      minScore: Type.Integer({ minimum: 0, maximum: 1000 }),
      quota: DecimalString,
      pointsNeeded: Type.Integer({ minimum: 0 }),
      needsVerification: Type.Boolean(),
    }),
  ),
  computedAt: Nullable(
    Type.String({ description: "when the score job last ran for this user; null: never yet" }),
  ),
});

export const IdentityAnswer = Type.Object({
  status: codeOf(IDENTITY_STATUS),
  name: Type.String(),
  idNumber: Type.String({ description: "masked" }),
  idType: codeOf(ID_TYPE),
  submittedAt: Type.String(),
  reviewedAt: Nullable(Type.String()),
  reason: Nullable(Type.String({ description: "why it was rejected; null unless status is 2" })),
});

export const MessageItemAnswer = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  read: Type.Boolean(),
  createdAt: Type.String(),
  kind: Nullable(oneOf(MESSAGE_KINDS, { description: "null for an operator's message" })),
  params: Type.Record(Type.String(), Type.String(), {
    description: "values the kind's text needs (amounts are USDT decimal strings)",
  }),
});

export const MessageAnswer = Type.Composite([
  MessageItemAnswer,
  Type.Object({ body: Type.String({ description: "plain text; blank lines between paragraphs" }) }),
]);

export const IdentityBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: IDENTITY_LIMITS.nameMaxLength }),
    idNumber: Type.String({
      minLength: IDENTITY_LIMITS.idNumberMinLength,
      maxLength: IDENTITY_LIMITS.idNumberMaxLength,
    }),
    idType: Type.Unsafe<IdType>({ type: "integer", minimum: 0, maximum: 3 }),
    /** The id of an upload of purpose "identity". */
    photo: Type.String({ format: "uuid" }),
  },
  { additionalProperties: false },
);

export const profileEndpoints = {
  profile: endpoint({
    method: "GET",
    path: `${PROFILE}/profile`,
    summary: "The signed-in user",
    access: "user",
    answer: ProfileAnswer,
  }),
  score: endpoint({
    method: "GET",
    path: `${PROFILE}/score`,
    summary: "The weighted score: its terms, their inputs and what the next level needs",
    access: "user",
    answer: ScoreAnswer,
  }),
  identity: endpoint({
    method: "GET",
    path: `${PROFILE}/identity`,
    summary: "The user's identity submission, or null",
    access: "user",
    answer: Nullable(IdentityAnswer),
  }),
  submitIdentity: endpoint({
    method: "POST",
    path: `${PROFILE}/identity/create`,
    summary: "Submit identity for review",
    access: "user",
    headers: OptionalIdempotencyHeaders,
    body: IdentityBody,
    answer: IdentityAnswer,
  }),
  messages: endpoint({
    method: "GET",
    path: `${PROFILE}/message`,
    summary: "The user's messages, newest first",
    access: "user",
    query: listQuery(),
    answer: listPage(MessageItemAnswer),
  }),
  message: endpoint({
    method: "GET",
    path: `${PROFILE}/message/:id`,
    summary: "One message with its body; marks it read",
    access: "user",
    params: IdParams,
    answer: MessageAnswer,
  }),
  // Idempotent by nature, so an Idempotency-Key (the outbox sends one) needs no storing.
  readMessage: endpoint({
    method: "POST",
    path: `${PROFILE}/message/:id/read`,
    summary: "Marks a message read (the app's outbox)",
    access: "user",
    params: IdParams,
    headers: Type.Object({
      "idempotency-key": Type.Optional(
        Type.String({ description: "accepted, never stored: marking read is idempotent" }),
      ),
    }),
    answer: Nothing,
  }),
};
