// /admin/users (search, detail, bills) and /admin/messages/all (issue 22, "users"). Reads need
// `read`; a message to everyone needs `manage`. The detail and the bills are the user's own
// /assets reads (the same domain functions), seen by an operator.
import { Type } from "@sinclair/typebox";
import {
  USER_SEARCH_MAX_LENGTH,
  USER_SEARCH_PATTERN,
  type AdminUserDetail,
  type AdminUserItem,
  type MessageBroadcast,
} from "../admin-users";
import { ASSETS } from "../assets";
import { BILL_TYPE_CODES } from "../ledger";
import { MESSAGE_LIMITS } from "../messages";
import { API_BASE } from "../paths";
import { AddressParams, described, listPage, listQuery, oneOf } from "./common";
import { endpoint } from "./endpoint";
import { BillAnswer } from "./wallet";

const ADMIN = `${API_BASE}/admin`;

export const adminUsersEndpoints = {
  searchUsers: endpoint({
    method: "GET",
    path: `${ADMIN}/users`,
    summary:
      "Wallet users, newest first; `?address=` a whole address or its start (any case, 0x optional)",
    access: "operator",
    query: listQuery({
      address: Type.Optional(
        Type.String({ maxLength: USER_SEARCH_MAX_LENGTH, pattern: USER_SEARCH_PATTERN }),
      ),
    }),
    answer: listPage(
      described<AdminUserItem>("{ id, address, createdAt, locked, lock, identity }"),
    ),
  }),
  userDetail: endpoint({
    method: "GET",
    path: `${ADMIN}/users/:address`,
    summary: "A user: balances (as their /assets/overview), wallet sessions, lock, identity",
    access: "operator",
    params: AddressParams,
    answer: described<AdminUserDetail>("{ user, assets, sessions }"),
  }),
  userBills: endpoint({
    method: "GET",
    path: `${ADMIN}/users/:address/bills`,
    summary: "A user's bills, newest first, by type and asset (as their /assets/bills)",
    access: "operator",
    params: AddressParams,
    query: listQuery({
      type: Type.Optional(oneOf(BILL_TYPE_CODES)),
      asset: Type.Optional(oneOf(ASSETS)),
    }),
    answer: listPage(BillAnswer),
  }),
  broadcastMessage: endpoint({
    method: "POST",
    path: `${ADMIN}/messages/all`,
    summary:
      "Send every wallet user that exists now a message (one each, one transaction, audited)",
    access: "operator",
    permission: "manage",
    body: Type.Object(
      {
        title: Type.String({ minLength: 1, maxLength: MESSAGE_LIMITS.titleMaxLength }),
        // The domain trims and checks the exact limits; this only keeps absurd bodies out.
        body: Type.String({ minLength: 1, maxLength: MESSAGE_LIMITS.bodyMaxLength * 2 }),
      },
      { additionalProperties: false },
    ),
    // Checked by the domain (messages/broadcast-message.ts): a schema would silently strip an
    // unknown field, and a body meant for one user (`address`) must not go to everyone.
    bodyAsValidated: null,
    answer: described<MessageBroadcast>("{ title, recipients, sentAt }"),
  }),
};
