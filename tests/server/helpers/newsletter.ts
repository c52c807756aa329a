// The newsletter test files' app (newsletter-subscribe, newsletter-sending, newsletter-queue): the
// real app on PGlite, emptied before each test, its mail sent over real SMTP to the demo sink; and
// what those tests do as subscribers and operators: subscribe, follow a mail's link, press a
// page's button, read the mailbox and the counts a refused request must leave unchanged.
import { afterAll, beforeAll, expect } from "vitest";
import type { MailboxItem } from "../../../protocol/admin";
import type { ListPage } from "../../../protocol/list";
import { API_BASE } from "../../../protocol/paths";
import { runMailPass } from "../../../server/domain/newsletter/mail-queue";
import { startDemoSink, type DemoSink } from "../../../server/mail/demo-sink";
import { smtpTransport } from "../../../server/mail/mail-transport";
import { bearer, type TestSession } from "./sessions";
import { NO_RATE_LIMIT, useTestApp } from "./test-app";
import { usePglite } from "./test-db";

/** The link after `label: ` in a mail's text: an app page's path and query. */
export function linkIn(text: string, label: "Confirm the subscription" | "Unsubscribe"): string {
  const match = new RegExp(`${label}: (\\S+)`).exec(text);
  if (!match?.[1]) throw new Error(`no "${label}" link in: ${text}`);
  const url = new URL(match[1]);
  expect(["/subscribe/confirm", "/unsubscribe"]).toContain(url.pathname);
  return `${url.pathname}${url.search}`;
}

/** The API URL behind an app page's link (/subscribe/confirm -> /system/subscribe/confirm). */
export const apiOf = (pagePath: string) => `${API_BASE}/system${pagePath}`;

/** Call once at the top of the test file. */
export function useNewsletterApp() {
  const getDb = usePglite();
  const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
  let sink: DemoSink;

  beforeAll(async () => {
    sink = await startDemoSink(getDb());
    app.mail.attach(smtpTransport(sink.url));
  });
  afterAll(async () => {
    app.mail.detach();
    await sink.close();
  });

  let keys = 0;
  const subscribe = (email: string) =>
    app.inject({
      method: "POST",
      url: `${API_BASE}/system/subscribe`,
      headers: { "idempotency-key": `nl-${Date.now()}-${keys++}` },
      payload: { email, lang: "en" },
    });

  const asOperator = async (
    operator: TestSession,
    method: "GET" | "POST",
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `${API_BASE}/admin${url}`,
      headers: bearer(operator),
      ...(payload ? { payload } : {}),
    });

  async function mailbox(operator: TestSession, to?: string): Promise<MailboxItem[]> {
    const query = to ? `?to=${encodeURIComponent(to)}` : "";
    const response = await asOperator(operator, "GET", `/mailbox${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ Data: ListPage<MailboxItem> }>().Data.items;
  }

  /** What the page's button does: POST the link's query to the API. */
  const pressButton = (pagePath: string) => app.inject({ method: "POST", url: apiOf(pagePath) });

  async function statusOf(email: string): Promise<string | undefined> {
    const [row] = await getDb().query<{ status: string }>(
      "SELECT status FROM email_subscriptions WHERE email = $1",
      [email],
    );
    return row?.status;
  }

  /** Subscribes `email` and confirms it through the link in its confirmation mail. */
  async function confirmed(operator: TestSession, email: string): Promise<void> {
    expect((await subscribe(email)).statusCode).toBe(200);
    await runMailPass(getDb(), app.mail);
    const [mail] = await mailbox(operator, email);
    if (!mail) throw new Error(`no confirmation mail for ${email}`);
    const answer = await pressButton(linkIn(mail.text, "Confirm the subscription"));
    expect(answer.statusCode, answer.body).toBe(200);
  }

  /** Newsletters, queued mails, audit rows and sent mails: unchanged by a refused request. */
  async function counts() {
    const [row] = await getDb().query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM newsletters) AS newsletters,
              (SELECT count(*)::int FROM mail_queue) AS queue,
              (SELECT count(*)::int FROM audit_log) AS audit,
              (SELECT count(*)::int FROM demo_mailbox) AS mails`,
    );
    return row;
  }

  return {
    getDb,
    app,
    subscribe,
    asOperator,
    mailbox,
    pressButton,
    statusOf,
    confirmed,
    counts,
  };
}
