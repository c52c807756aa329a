// Subscribing to the newsletter on the real app, PGlite and a real SMTP conversation with the
// demo sink: double opt-in through the link in the confirmation mail (a mail scanner's GET
// changes nothing), bad confirmation tokens refused without changing anything, and the CSV export
// of every subscription. Sending newsletters: newsletter-sending.test.ts; the mail queue's edges:
// newsletter-queue.test.ts.
import { describe, expect, it } from "vitest";
import type { AdminSubscriptionItem } from "../../protocol/admin";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { runMailPass } from "../../server/domain/newsletter/mail-queue";
import { apiOf, linkIn, useNewsletterApp } from "./helpers/newsletter";
import { bearer, createUserSession } from "./helpers/sessions";

const { getDb, app, subscribe, asOperator, mailbox, pressButton, statusOf, confirmed, counts } =
  useNewsletterApp();

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
