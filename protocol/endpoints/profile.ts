// /profile: the signed-in user's own account, identity verification and messages.
import { Type } from "@sinclair/typebox";
import type { Profile } from "../account";
import { IDENTITY_LIMITS, type IdentityView, type IdType } from "../identity";
import type { Message, MessageItem } from "../messages";
import { API_BASE } from "../paths";
import {
  described,
  IdParams,
  Nothing,
  listPage,
  listQuery,
  OptionalIdempotencyHeaders,
} from "./common";
import { endpoint } from "./endpoint";

const PROFILE = `${API_BASE}/profile`;
const Identity = described<IdentityView>(
  "{ status, name, idNumber (masked), idType, submittedAt, reviewedAt, reason }",
);
const MessageListItem = described<MessageItem>("{ id, kind, title, summary, read, createdAt }");

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
    answer: described<Profile>("the user's account"),
  }),
  identity: endpoint({
    method: "GET",
    path: `${PROFILE}/identity`,
    summary: "The user's identity submission, or null",
    access: "user",
    answer: Type.Union([Identity, Type.Null()]),
  }),
  submitIdentity: endpoint({
    method: "POST",
    path: `${PROFILE}/identity/create`,
    summary: "Submit identity for review",
    access: "user",
    headers: OptionalIdempotencyHeaders,
    body: IdentityBody,
    answer: Identity,
  }),
  messages: endpoint({
    method: "GET",
    path: `${PROFILE}/message`,
    summary: "The user's messages, newest first",
    access: "user",
    query: listQuery(),
    answer: listPage(MessageListItem),
  }),
  message: endpoint({
    method: "GET",
    path: `${PROFILE}/message/:id`,
    summary: "One message with its body; marks it read",
    access: "user",
    params: IdParams,
    answer: described<Message>("{ ...item, body }"),
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
