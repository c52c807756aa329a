// Sending one mail over SMTP with nodemailer: SMTP_URL in production, the in-process sink's
// smtp://127.0.0.1:<port> in demo. The queue (domain/newsletter/mail-queue.ts) calls `send` and
// treats a throw as a failed attempt to retry.
import nodemailer from "nodemailer";

export interface MailToSend {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  send(mail: MailToSend): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  // One connection per mail: the queue sends one at a time, and a pooled connection that the
  // server dropped would fail the next mail for nothing.
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        headers: mail.headers,
      });
    },
    close() {
      transporter.close();
    },
  };
}
