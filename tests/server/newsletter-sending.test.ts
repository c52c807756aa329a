// Newsletters on the real app, PGlite and a real SMTP conversation with the demo sink: POST
// /admin/newsletter sending each confirmed subscriber one mail through the table-backed queue
// (two workers at once, and a pass after a "crash"), signed unsubscribe links, and bad input
// refused without changing anything. Subscribing: newsletter-subscribe.test.ts.
import { describe, expect, it } from "vitest";
import type { NewsletterSent } from "../../protocol/admin";
import { API_BASE } from "../../protocol/paths";
import { runMailPass } from "../../server/domain/newsletter/mail-queue";
import { apiOf, linkIn, useNewsletterApp } from "./helpers/newsletter";
import { bearer, createUserSession } from "./helpers/sessions";

const { getDb, app, subscribe, asOperator, mailbox, pressButton, statusOf, confirmed, counts } =
  useNewsletterApp();

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
