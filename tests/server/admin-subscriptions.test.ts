// GET /admin/subscriptions on the real app and PGlite: operators only, one address or every one
// in address order with cursor pages, and bad list parameters rejected without touching data.
import { describe, expect, it } from "vitest";
import type { AdminSubscriptionItem } from "../../protocol/admin";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });

const list = (session: TestSession | null, query = "") =>
  app.inject({
    method: "GET",
    url: `${API_BASE}/admin/subscriptions${query}`,
    headers: session ? bearer(session) : {},
  });

/** Rows as POST /system/subscribe stores them (that route has its own tests). */
async function subscribe(email: string, userId: string | null = null): Promise<void> {
  await getDb().query(
    "INSERT INTO email_subscriptions (email, user_id, lang) VALUES ($1, $2, $3)",
    [email, userId, "en"],
  );
}

describe("GET /admin/subscriptions", () => {
  it("answers a user token 403 and no token 401", async () => {
    await subscribe("a@example.com");
    const user = await createUserSession(getDb());
    const asUser = await list(user);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ Code: "FORBIDDEN" });
    expect(asUser.body).not.toContain("a@example.com");
    expect((await list(null)).statusCode).toBe(401);
  });

  it("finds one address in any case, and nothing for an unknown one", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const user = await createUserSession(getDb());
    await subscribe("ada@example.com", user.userId);
    await subscribe("grace@example.com");

    const found = await list(operator, "?email=ADA%40Example.com");
    expect(found.statusCode, found.body).toBe(200);
    const page = found.json<{ Data: ListPage<AdminSubscriptionItem> }>().Data;
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ email: "ada@example.com", userId: user.userId });
    expect(new Date(page.items[0]?.createdAt ?? "").getTime()).not.toBeNaN();

    const none = await list(operator, "?email=nobody%40example.com");
    expect(none.json<{ Data: ListPage<AdminSubscriptionItem> }>().Data).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it("pages through every address in order", async () => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    const emails = ["c@example.com", "a@example.com", "e@example.com", "b@example.com"];
    for (const email of emails) await subscribe(email);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let round = 0; round < 5; round++) {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const response = await list(operator, query);
      expect(response.statusCode, response.body).toBe(200);
      const page: ListPage<AdminSubscriptionItem> = response.json<{
        Data: ListPage<AdminSubscriptionItem>;
      }>().Data;
      seen.push(...page.items.map((item) => item.email));
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    expect(seen).toEqual([...emails].sort());
    expect(cursor).toBeNull();
  });

  it.each([
    ["limit 0", "?limit=0"],
    ["limit over the maximum", "?limit=101"],
    ["an empty address", "?email="],
    ["an over-long address", `?email=${"a".repeat(250)}%40example.com`],
  ])("rejects %s with 400 VALIDATION", async (_what, query) => {
    const operator = await createUserSession(getDb(), { role: "operator" });
    await subscribe("a@example.com");
    const response = await list(operator, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ HttpStatusCode: 400, Code: "VALIDATION" });
    const rows = await getDb().query("SELECT email FROM email_subscriptions");
    expect(rows).toEqual([{ email: "a@example.com" }]);
  });
});
