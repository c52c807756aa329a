// The content admin test files' app (admin-articles-add, admin-articles-edit, admin-links): the
// real app on PGlite, emptied and seeded with the content before each test, an operator signed
// in, and ways to call the admin and public content APIs and read the audit log and article
// count back.
import { beforeEach } from "vitest";
import { API_BASE } from "../../../protocol/paths";
import { seedContent } from "../../../server/domain/content/seed-content";
import { bearer, createUserSession, type TestSession } from "./sessions";
import { NO_RATE_LIMIT, useTestApp } from "./test-app";
import { usePglite } from "./test-db";

/** Call once at the top of the test file. */
export function useContentAdmin() {
  const getDb = usePglite();
  const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
  let operator: TestSession;

  beforeEach(async () => {
    await seedContent(getDb());
    operator = await createUserSession(getDb(), { role: "operator", username: "olga" });
  });

  /** An admin API call, as the operator unless another session is given. */
  const admin = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    session?: TestSession,
  ) =>
    app.inject({
      method,
      url: `${API_BASE}/admin${url}`,
      headers: bearer(session ?? operator),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const publicGet = (url: string) => app.inject({ method: "GET", url: `${API_BASE}/system${url}` });

  async function auditRows() {
    return getDb().query<{
      actor_label: string;
      action: string;
      target_id: string;
      detail: unknown;
    }>("SELECT actor_label, action, target_id, detail FROM audit_log ORDER BY id");
  }

  async function articleCount(): Promise<number> {
    const [row] = await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM articles");
    return row?.n ?? 0;
  }

  return { getDb, app, admin, publicGet, auditRows, articleCount };
}
