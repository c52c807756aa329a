// Demo only: an SMTP server inside the process (smtp-server) that accepts every mail on
// 127.0.0.1 and stores it, parsed (mailparser), in demo_mailbox — operators read it at
// GET /admin/mailbox, so a demo shows the confirmation and newsletter mails without a real
// mail server. Never started in production (config: SMTP_URL unset in demo mode only).
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Db } from "../db/db";
import { insertMailboxMessage } from "../db/repositories/newsletter-repository";

export interface DemoSink {
  /** smtp://127.0.0.1:<port>, for the transport. */
  url: string;
  close(): Promise<void>;
}

/** Larger mails are refused: a demo mailbox holds newsletters, not attachments. */
const MAX_MESSAGE_BYTES = 256 * 1024;

export async function startDemoSink(db: Db): Promise<DemoSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: "Quanta demo mail sink",
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
      simpleParser(stream)
        .then(async (parsed) => {
          // Stored before the 250 reply: a mail the sender was told is delivered is in the box.
          await insertMailboxMessage(db, {
            from,
            to,
            subject: parsed.subject ?? "",
            body: parsed.text ?? "",
            messageId: parsed.messageId ?? null,
          });
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
