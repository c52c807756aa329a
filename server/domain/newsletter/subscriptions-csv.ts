// GET /admin/subscriptions.csv: every subscription as RFC 4180 CSV, read page by page (by address,
// the list's own order) so a large list never sits in one query. A cell that a spreadsheet would
// run as a formula (= + - @ at its start: an address may begin with them) is prefixed with '.
import type { Db } from "../../db/db";
import { listSubscriptions } from "../../db/repositories/subscription-list-repository";
import { toSubscriptionItem } from "../operators/subscription-list";

const PAGE = 1_000;
const HEADER = ["email", "status", "lang", "userId", "createdAt", "confirmedAt", "unsubscribedAt"];

export async function subscriptionsCsv(db: Db): Promise<string> {
  const lines = [HEADER.join(",")];
  let after: string | null = null;
  for (;;) {
    const rows = await listSubscriptions(db, { email: null, after, limit: PAGE });
    for (const row of rows) {
      const s = toSubscriptionItem(row);
      lines.push(
        [s.email, s.status, s.lang, s.userId, s.createdAt, s.confirmedAt, s.unsubscribedAt]
          .map(cell)
          .join(","),
      );
    }
    const last = rows.at(-1);
    if (rows.length < PAGE || last === undefined) break;
    after = last.email;
  }
  return `${lines.join("\r\n")}\r\n`;
}

function cell(value: string | null): string {
  if (value === null) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
