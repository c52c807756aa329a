// POST /admin/newsletter { subject, text } (permission `manage`): records the newsletter, queues
// one mail per confirmed subscriber and writes the audit entry, all in one transaction — so a
// newsletter is either queued for everyone confirmed at that moment or for nobody. The queue
// (mail-queue.ts) sends each row once. Without a way to send mail it is refused and nothing is
// recorded.
import { NEWSLETTER_LIMITS } from "../../../protocol/email";
import type { NewsletterSent } from "../../../protocol/admin";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { queueNewsletter } from "../../db/repositories/mail-queue-repository";
import { insertNewsletter, setRecipients } from "../../db/repositories/newsletter-repository";
import { DomainError, invalid } from "../errors";
import type { OperatorActor } from "../operators/operator-actor";

export async function sendNewsletter(
  db: Db,
  actor: OperatorActor,
  input: { subject: unknown; text: unknown },
  canSend: boolean,
): Promise<NewsletterSent> {
  const subject = text(input.subject, "subject", NEWSLETTER_LIMITS.subjectMaxLength);
  // A line break in a subject would be a header injection attempt, or a paste accident.
  if (/[\r\n]/.test(subject)) {
    throw invalid("subject", "format", "The subject is one line of text");
  }
  const body = text(input.text, "text", NEWSLETTER_LIMITS.textMaxLength);
  if (!canSend) {
    throw new DomainError(
      "UNAVAILABLE",
      { part: "mail" },
      "Mail cannot be sent: this server has no SMTP_URL (production) or mail sink (demo)",
    );
  }
  return db.transaction(async (tx) => {
    const newsletter = await insertNewsletter(tx, { subject, body, senderLabel: actor.label });
    const recipients = await queueNewsletter(tx, newsletter.id);
    await setRecipients(tx, newsletter.id, recipients);
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: "newsletter.send",
      targetKind: "newsletter",
      targetId: newsletter.id,
      detail: { subject, recipients },
    });
    return {
      id: newsletter.id,
      subject,
      recipients,
      createdAt: newsletter.created_at.toISOString(),
    };
  });
}

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw invalid(field, "required", `Please enter the ${field}`);
  }
  const trimmed = value.trim();
  if (trimmed.length > max) {
    throw invalid(field, "length", `The ${field} is at most ${max} characters`, max);
  }
  return trimmed;
}
