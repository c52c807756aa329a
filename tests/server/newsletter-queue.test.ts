// The newsletter mail queue's edges (real app, PGlite, the demo sink): a confirmation skipped
// when its address unsubscribed before its turn, a failed send put back for later with its error,
// and no newsletter (nor demo mailbox) without a way to send mail. The queue under normal sending:
// newsletter-sending.test.ts.
import { describe, expect, it } from "vitest";
import { mailLinkSecret } from "../../server/db/repositories/newsletter-repository";
import { unsubscribeSignature } from "../../server/domain/newsletter/mail-links";
import { readMailbox } from "../../server/domain/newsletter/mailbox";
import { runMailPass } from "../../server/domain/newsletter/mail-queue";
import { sendNewsletter } from "../../server/domain/newsletter/send-newsletter";
import { cliActor } from "../../server/domain/operators/operator-actor";
import { AttachedMail } from "../../server/mail/attached-mail";
import { useNewsletterApp } from "./helpers/newsletter";

const { getDb, app, subscribe, pressButton, counts } = useNewsletterApp();

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
