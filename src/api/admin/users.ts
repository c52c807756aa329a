// The console's user reads and the message to everyone: search, detail, bills (issue 22).
import type {
  AdminUserDetail,
  AdminUserItem,
  MessageBroadcast,
} from "../../../protocol/admin-users";
import type { Bill, ListPage } from "../../../protocol";
import { adminRequest } from "./transport";

export type { AdminUserDetail, AdminUserItem, MessageBroadcast };

/** `address`: a whole address or its start ("" lists every user), newest first. */
export function searchUsers(
  address: string,
  cursor: string | null,
  limit = 20,
): Promise<ListPage<AdminUserItem>> {
  return adminRequest("GET", "/admin/users", {
    searchParams: {
      limit,
      ...(address === "" ? {} : { address }),
      ...(cursor === null ? {} : { cursor }),
    },
  });
}

export function readUser(address: string): Promise<AdminUserDetail> {
  return adminRequest("GET", `/admin/users/${encodeURIComponent(address)}`);
}

export function listUserBills(
  address: string,
  cursor: string | null,
  limit = 20,
): Promise<ListPage<Bill>> {
  return adminRequest("GET", `/admin/users/${encodeURIComponent(address)}/bills`, {
    searchParams: { limit, ...(cursor === null ? {} : { cursor }) },
  });
}

/** One message to every wallet user that exists now (users who sign up later do not get it). */
export function sendMessageToAll(title: string, body: string): Promise<MessageBroadcast> {
  return adminRequest("POST", "/admin/messages/all", { json: { title, body } });
}
