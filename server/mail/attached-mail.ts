// `app.mail`: how this process sends mail, and where the links in mails point. Production with
// SMTP_URL attaches its transport when the app is built; demo attaches the in-process sink's once
// it listens (server-services.ts); otherwise nothing is attached and mail waits in the queue.
import type { MailConfig } from "./mail-config";
import type { MailTransport } from "./mail-transport";

export class AttachedMail {
  #transport: MailTransport | undefined;

  constructor(
    readonly config: MailConfig,
    /** PUBLIC_ORIGIN, else http://localhost:<PORT>: what the links in mails start with. */
    readonly origin: string,
  ) {}

  get transport(): MailTransport | undefined {
    return this.#transport;
  }

  get from(): string {
    return this.config.from;
  }

  /** Whether mail can go out now or once the demo sink listens (it starts with the server). */
  get canSend(): boolean {
    return this.#transport !== undefined || this.config.kind === "demo-sink";
  }

  attach(transport: MailTransport): void {
    this.#transport?.close();
    this.#transport = transport;
  }

  detach(): void {
    this.#transport?.close();
    this.#transport = undefined;
  }
}
