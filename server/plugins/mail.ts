// `app.mail` (server/mail/attached-mail.ts): production's SMTP transport from SMTP_URL now; the
// demo sink's is attached by server-services.ts (or a test) once it listens.
import { AttachedMail } from "../mail/attached-mail";
import type { MailConfig } from "../mail/mail-config";
import { smtpTransport } from "../mail/mail-transport";
import { globalPlugin } from "./global-plugin";

declare module "fastify" {
  interface FastifyInstance {
    mail: AttachedMail;
  }
}

export const mailPlugin = globalPlugin<{ mail: MailConfig; origin: string }>(
  "quanta-mail",
  async (app, { mail, origin }) => {
    const attached = new AttachedMail(mail, origin);
    if (mail.kind === "smtp") attached.attach(smtpTransport(mail.url));
    app.decorate("mail", attached);
    app.addHook("onClose", async () => attached.detach());
  },
);
