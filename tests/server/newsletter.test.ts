// The newsletter on the real app, PGlite and a real SMTP conversation with the demo sink: double
// opt-in through the link in the confirmation mail, signed unsubscribe links, POST
// /admin/newsletter sending each confirmed subscriber one mail through the table-backed queue
// (two workers at once, and a pass after a "crash"), GET /admin/mailbox, the CSV export, and bad
// input refused without changing anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSubscriptionItem, MailboxItem, NewsletterSent } from "../../protocol/admin";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { mailLinkSecret } from "../../server/db/repositories/newsletter-repository";
import { unsubscribeSignature } from "../../server/domain/newsletter/mail-links";
import { readMailbox } from "../../server/domain/newsletter/mailbox";
import { runMailPass } from "../../server/domain/newsletter/mail-queue";
import { sendNewsletter } from "../../server/domain/newsletter/send-newsletter";
import { cliActor } from "../../server/domain/operators/operator-actor";
import { AttachedMail } from "../../server/mail/attached-mail";
import { startDemoSink, type DemoSink } from "../../server/mail/demo-sink";
import { smtpTransport } from "../../server/mail/mail-transport";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

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

/** The link after `label: ` in a mail's text: an app page's path and query. */
function linkIn(text: string, label: "Confirm the subscription" | "Unsubscribe"): string {
  const match = new RegExp(`${label}: (\\S+)`).exec(text);
  if (!match?.[1]) throw new Error(`no "${label}" link in: ${text}`);
  const url = new URL(match[1]);
  expect(["/subscribe/confirm", "/unsubscribe"]).toContain(url.pathname);
  return `${url.pathname}${url.search}`;
}

/** The API URL behind an app page's link (/subscribe/confirm -> /system/subscribe/confirm). */
const apiOf = (pagePath: string) => `${API_BASE}/system${pagePath}`;

/** What the page's button does: POST the link's query to the API. */
const pressButton = (pagePath: string) => app.inject({ method: "POST", url: apiOf(pagePath) });

async function statusOf(email: string): Promise<string | undefined> {
  const [row] = await getDb().query<{ status: string }>(
    "SELECT status FROM email_subscriptions WHERE email = $1",
    [email],
  );
  return row?.status;
}

async function confirmed(operator: TestSession, email: string): Promise<void> {
  expect((await subscribe(email)).statusCode).toBe(200);
  await runMailPass(getDb(), app.mail);
  const [mail] = await mailbox(operator, email);
  if (!mail) throw new Error(`no confirmation mail for ${email}`);
  const answer = await pressButton(linkIn(mail.text, "Confirm the subscription"));
  expect(answer.statusCode, answer.body).toBe(200);
}

async function counts() {
  const [row] = await getDb().query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM newsletters) AS newsletters,
            (SELECT count(*)::int FROM mail_queue) AS queue,
            (SELECT count(*)::int FROM audit_log) AS audit,
            (SELECT count(*)::int FROM demo_mailbox) AS mails`,
  );
  return row;
}

describe("double opt-in", () => {
  it("a new address is pending until the link in its confirmation mail is opened", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    expect((await subscribe("Ada@Example.com")).statusCode).toBe(200);
    expect(await statusOf("ada@example.com")).toBe("pending");
    expect(await runMailPass(getDb(), app.mail)).toBe(1);

    const [mail, ...others] = await mailbox(operator);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      to: ["ada@example.com"],
      subject: "Confirm your Quanta newsletter subscription",
    });
    const confirmPath = linkIn(mail?.text ?? "", "Confirm the subscription");
    expect(confirmPath).toMatch(/^\/subscribe\/confirm\?token=[\w-]{43}$/);
    // A mail scanner's GET of the link (or of the old API form of it) changes nothing: the API
    // sends a person on to the app's page, whose button POSTs.
    const scanned = await app.inject({ url: apiOf(confirmPath) });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(confirmPath);
    expect(await statusOf("ada@example.com")).toBe("pending");
    const confirm = await pressButton(confirmPath);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({
      Data: { email: "ada@example.com", status: "confirmed", already: false },
    });
    expect(await statusOf("ada@example.com")).toBe("confirmed");
    // Pressing it again says "already confirmed"; subscribing again sends no second mail.
    const again = await pressButton(confirmPath);
    expect(again.json()).toMatchObject({ Data: { status: "confirmed", already: true } });
    expect((await subscribe("ada@example.com")).statusCode).toBe(200);
    expect(await runMailPass(getDb(), app.mail)).toBe(0);

    const list = await asOperator(operator, "GET", "/subscriptions");
    expect(list.json<{ Data: ListPage<AdminSubscriptionItem> }>().Data.items).toEqual([
      expect.objectContaining({
        email: "ada@example.com",
        status: "confirmed",
        confirmedAt: expect.any(String),
        unsubscribedAt: null,
      }),
    ]);
  });

  it("a wrong or malformed confirmation token is refused and changes nothing", async () => {
    expect((await subscribe("bob@example.com")).statusCode).toBe(200);
    const before = await counts();
    const unknown = await pressButton(`/subscribe/confirm?token=${"A".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    const malformed = await pressButton("/subscribe/confirm?token=not-a-token");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ Code: "VALIDATION", Params: { field: "token" } });
    expect(await statusOf("bob@example.com")).toBe("pending");
    expect(await counts()).toEqual(before);
  });
});

describe("newsletters", () => {
  it("go once to each confirmed subscriber, with a signed unsubscribe link that works", async () => {
    const operator = await createUserSession(getDb(), { role: "operator", username: "editor" });
    await confirmed(operator, "ann@example.com");
    await confirmed(operator, "cy@example.com");
    expect((await subscribe("pending@example.com")).statusCode).toBe(200);

    const sent = await asOperator(operator, "POST", "/newsletter", {
      subject: "  Quanta in November ",
      text: "What changed this month.",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const newsletter = sent.json<{ Data: NewsletterSent }>().Data;
    expect(newsletter).toMatchObject({ subject: "Quanta in November", recipients: 2 });
    const [audit] = await getDb().query<{ action: string; actor_label: string; detail: object }>(
      "SELECT action, actor_label, detail FROM audit_log WHERE target_kind = 'newsletter'",
    );
    expect(audit).toEqual({
      action: "newsletter.send",
      actor_label: "operator:editor",
      detail: { subject: "Quanta in November", recipients: 2 },
    });

    // Two workers at once (two passes, or two leaders for a moment): one mail per subscriber.
    await Promise.all([runMailPass(getDb(), app.mail), runMailPass(getDb(), app.mail)]);
    await runMailPass(getDb(), app.mail);
    const news = (await mailbox(operator)).filter((m) => m.subject === "Quanta in November");
    expect(news.map((m) => m.to[0]).sort()).toEqual(["ann@example.com", "cy@example.com"]);
    expect(news[0]?.text).toContain("What changed this month.");

    // Cy's unsubscribe link (from the newsletter) works without a login; a tampered one does not.
    const cyMail = news.find((m) => m.to[0] === "cy@example.com");
    const unsubscribePath = linkIn(cyMail?.text ?? "", "Unsubscribe");
    const forged = unsubscribePath.replace("cy%40example.com", "ann%40example.com");
    const refused = await pressButton(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Code: "VALIDATION", Params: { field: "sig" } });
    expect(await statusOf("ann@example.com")).toBe("confirmed");
    // A scanner's GET changes nothing; a mail client's RFC 8058 one-click POST does.
    const scanned = await app.inject({ url: apiOf(unsubscribePath) });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(unsubscribePath);
    expect(await statusOf("cy@example.com")).toBe("confirmed");
    const done = await app.inject({
      method: "POST",
      url: apiOf(unsubscribePath),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ Data: { status: "unsubscribed", already: false } });
    expect(await statusOf("cy@example.com")).toBe("unsubscribed");
    const twice = await pressButton(unsubscribePath);
    expect(twice.json()).toMatchObject({ Data: { status: "unsubscribed", already: true } });

    const second = await asOperator(operator, "POST", "/newsletter", {
      subject: "December",
      text: "More.",
    });
    expect(second.json<{ Data: NewsletterSent }>().Data.recipients).toBe(1);
  });

  it("a restart resumes the queue: a mail claimed by a dead process is sent once, the rest once", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    for (const name of ["a", "b", "c"]) await confirmed(operator, `${name}@example.com`);
    await asOperator(operator, "POST", "/newsletter", { subject: "Restart", text: "Body" });
    // A process claimed a.'s mail and died before the SMTP handoff: its lease ran out.
    await getDb().query(
      `UPDATE mail_queue SET status = 'sending', attempts = 1, lease_until = now() - interval '1 s'
        WHERE kind = 'newsletter' AND email = 'a@example.com'`,
    );
    await runMailPass(getDb(), app.mail);
    await runMailPass(getDb(), app.mail);
    const restart = (await mailbox(operator)).filter((m) => m.subject === "Restart");
    expect(restart.map((m) => m.to[0]).sort()).toEqual([
      "a@example.com",
      "b@example.com",
      "c@example.com",
    ]);
    const [left] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_queue WHERE status <> 'sent'",
    );
    expect(left?.n).toBe(0);
  });

  it("bad input is refused with a clear error and changes nothing", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    await confirmed(operator, "dee@example.com");
    const before = await counts();
    const bad: [object, number, object][] = [
      [{ subject: " ", text: "x" }, 400, { field: "subject", rule: "required" }],
      [{ subject: "Hi", text: "" }, 400, { field: "text", rule: "required" }],
      [{ subject: "Hi\r\nBcc: x@example.com", text: "x" }, 400, { field: "subject" }],
      [{ subject: "x".repeat(201), text: "x" }, 400, { field: "subject", rule: "length" }],
      [{ subject: "Hi" }, 400, {}],
      [{ subject: "Hi", text: 42 }, 400, {}],
    ];
    for (const [payload, status, params] of bad) {
      const response = await asOperator(operator, "POST", "/newsletter", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toMatchObject({ Code: "VALIDATION", Params: params });
    }
    const user = await createUserSession(getDb());
    const asUser = await app.inject({
      method: "POST",
      url: `${API_BASE}/admin/newsletter`,
      headers: bearer(user),
      payload: { subject: "Hi", text: "x" },
    });
    expect(asUser.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("GET /admin/subscriptions.csv", () => {
  it("exports every subscription, quoting what needs it and defusing formulas", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    await confirmed(operator, "=cmd@example.com");
    expect((await subscribe("eve@example.com")).statusCode).toBe(200);
    const response = await asOperator(operator, "GET", "/subscriptions.csv");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,status,lang,userId,createdAt,confirmedAt,unsubscribedAt");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 3))).toEqual([
      ["'=cmd@example.com", "confirmed", "en"],
      ["eve@example.com", "pending", "en"],
    ]);
    const user = await createUserSession(getDb());
    const asUser = await app.inject({
      url: `${API_BASE}/admin/subscriptions.csv`,
      headers: bearer(user),
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.body).not.toContain("eve@example.com");
  });
});

describe("the queue's edges", () => {
  it("skips a confirmation whose address unsubscribed before its turn", async () => {
    expect((await subscribe("gone@example.com")).statusCode).toBe(200);
    const secret = await mailLinkSecret(getDb());
    const sig = unsubscribeSignature(secret, "gone@example.com");
    const done = await pressButton(`/unsubscribe?email=gone%40example.com&sig=${sig}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(await runMailPass(getDb(), app.mail)).toBe(1);
    const [row] = await getDb().query<{ status: string; confirm_token: string | null }>(
      "SELECT status, confirm_token FROM mail_queue WHERE email = 'gone@example.com'",
    );
    expect(row).toEqual({ status: "skipped", confirm_token: null });
    const [mails] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM demo_mailbox",
    );
    expect(mails?.n).toBe(0);
  });

  it("a failed send goes back to the queue with a later time and its error", async () => {
    expect((await subscribe("later@example.com")).statusCode).toBe(200);
    const failing = new AttachedMail({ kind: "demo-sink", from: "q@quanta.localhost" }, "http://x");
    failing.attach({
      send: () => Promise.reject(new Error("421 try again later")),
      close: () => undefined,
    });
    expect(await runMailPass(getDb(), failing)).toBe(1);
    const [row] = await getDb().query<{
      status: string;
      attempts: number;
      last_error: string;
      later: boolean;
    }>(
      `SELECT status, attempts, last_error, not_before > now() AS later
         FROM mail_queue WHERE email = 'later@example.com'`,
    );
    expect(row).toEqual({
      status: "queued",
      attempts: 1,
      last_error: "421 try again later",
      later: true,
    });
    // Not due yet: the next pass leaves it alone.
    expect(await runMailPass(getDb(), app.mail)).toBe(0);
  });

  it("without a way to send mail a newsletter is refused and nothing is recorded", async () => {
    const before = await counts();
    await expect(
      sendNewsletter(getDb(), cliActor("ops"), { subject: "Hi", text: "x" }, false),
    ).rejects.toMatchObject({ code: "UNAVAILABLE", params: { part: "mail" } });
    expect(await counts()).toEqual(before);
    await expect(
      readMailbox(getDb(), "production", { to: null, cursor: null, limit: 10 }),
    ).rejects.toMatchObject({ code: "DEMO_ONLY" });
  });
});
