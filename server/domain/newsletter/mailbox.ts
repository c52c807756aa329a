// GET /admin/mailbox: what the demo SMTP sink received (demo only: production mail leaves for
// real servers, and no copy of it is kept here). Read-only, so nothing is audited.
import type { MailboxItem } from "../../../protocol/admin";
import type { ListPage } from "../../../protocol/list";
import type { QuantaMode } from "../../../protocol/health";
import type { Db } from "../../db/db";
import { listMailbox, type MailboxRow } from "../../db/repositories/newsletter-repository";
import { refusal } from "../errors";
import { toPage } from "../operators/list-page";

export async function readMailbox(
  db: Db,
  mode: QuantaMode,
  q: { to: string | null; cursor: string | null; limit: number },
): Promise<ListPage<MailboxItem>> {
  if (mode !== "demo") throw refusal("DEMO_ONLY", "The mailbox is the demo mail sink's: demo only");
  const to = q.to === null ? null : q.to.trim().toLowerCase();
  const rows = await listMailbox(db, { before: q.cursor, to, limit: q.limit + 1 });
  return toPage(rows, q.limit, toItem);
}

function toItem(row: MailboxRow): MailboxItem {
  return {
    id: row.id,
    from: row.mail_from,
    to: row.rcpt_to,
    subject: row.subject,
    text: row.body,
    messageId: row.message_id,
    receivedAt: row.received_at.toISOString(),
  };
}
