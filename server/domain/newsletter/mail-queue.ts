// The mail queue worker (migration 026 `mail_queue`): claims one due mail at a time, renders it
// (the unsubscribe link signed now), sends it and marks it sent. Runs in the leading process
// (workers.ts); a restart resumes from the table. Each row is claimed by one worker at a time
// (row lock + lease), so live workers never send a mail twice; a process that dies between the
// SMTP handoff and the "sent" mark leaves a lease that runs out, and that one mail is sent again
// with the same Message-ID — SMTP offers no atomic handoff, and a lost mail would be worse.
import type { Db } from "../../db/db";
import {
  claimNextMail,
  markMailFailed,
  markMailSent,
  markMailSkipped,
  type MailQueueRow,
} from "../../db/repositories/mail-queue-repository";
import { mailLinkSecret } from "../../db/repositories/newsletter-repository";
import type { AttachedMail } from "../../mail/attached-mail";
import { startPassLoop, type PassLoop } from "../pass-loop";
import { confirmationMail, newsletterMail, type OutgoingMail } from "./mail-messages";

/** A claimed mail not marked within this long is taken to be lost with its process. */
export const MAIL_LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 6;
const POLL_MS = 2_000;
/** Mails per pass: a pass ends to let the next one find newer, more urgent confirmations. */
const PASS_LIMIT = 200;

interface Log {
  error(obj: object, msg: string): void;
}

/** Sends what is due; answers how many mails it handled (sent, skipped or failed). */
export async function runMailPass(db: Db, mail: AttachedMail, limit = PASS_LIMIT): Promise<number> {
  const transport = mail.transport;
  if (transport === undefined) return 0;
  const secret = await mailLinkSecret(db);
  let handled = 0;
  while (handled < limit) {
    const row = await claimNextMail(db, MAIL_LEASE_SECONDS);
    if (row === null) break;
    handled += 1;
    const skip = skipReason(row);
    if (skip !== null) {
      await markMailSkipped(db, row.id, skip);
      continue;
    }
    const message = render(row, mail.origin, secret);
    try {
      await transport.send({ from: mail.from, ...message });
      await markMailSent(db, row.id);
    } catch (err) {
      const retry = row.attempts >= MAX_ATTEMPTS ? null : 30 * 2 ** (row.attempts - 1);
      await markMailFailed(db, row.id, err instanceof Error ? err.message : String(err), retry);
    }
  }
  return handled;
}

/** The subscription changed since the mail was queued: sending it now would be wrong. */
function skipReason(row: MailQueueRow): string | null {
  if (row.kind === "newsletter" && row.subscription_status !== "confirmed") {
    return `subscription is ${row.subscription_status ?? "gone"}`;
  }
  if (row.kind === "confirmation" && row.subscription_status !== "pending") {
    return `subscription is ${row.subscription_status ?? "gone"}`;
  }
  return null;
}

function render(row: MailQueueRow, origin: string, secret: string): OutgoingMail {
  const base = { origin };
  if (row.kind === "confirmation") {
    if (row.confirm_token === null) throw new Error(`confirmation mail ${row.id} has no token`);
    return confirmationMail(base, secret, {
      id: row.id,
      email: row.email,
      token: row.confirm_token,
    });
  }
  if (row.subject === null || row.body === null)
    throw new Error(`newsletter mail ${row.id} has no newsletter`);
  return newsletterMail(base, secret, {
    id: row.id,
    email: row.email,
    subject: row.subject,
    body: row.body,
  });
}

export function startMailQueue(db: Db, mail: AttachedMail, log: Log): PassLoop {
  return startPassLoop(() => runMailPass(db, mail), {
    everyMs: POLL_MS,
    onError: (err) => log.error({ err }, "mail queue pass failed"),
  });
}
