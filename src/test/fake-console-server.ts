// A stand-in for the server's /admin API in the console's component tests: `fetch` answers
// from a table of handlers keyed "METHOD /path" (API.md's terms, no query), in the envelope.
import { vi } from "vitest";
import { ROLE_PERMISSIONS, type OperatorRole } from "../../protocol/operators";

export interface FakeRequest {
  search: URLSearchParams;
  body: unknown;
  token: string | null;
  /** The request's headers (an Idempotency-Key). */
  headers: Headers;
}

/** Data for a 200 envelope, or a refusal, or a raw answer (an image). */
export type FakeAnswer =
  | { data: unknown }
  | { status: number; code: string; params?: Record<string, unknown> }
  | { file: string; type: string };

export type FakeHandlers = Record<string, (request: FakeRequest) => FakeAnswer>;

export interface FakeServer {
  /** Every request, as "METHOD /path". */
  calls: string[];
  handlers: FakeHandlers;
}

export function fakeConsoleServer(handlers: FakeHandlers): FakeServer {
  const server: FakeServer = { calls: [], handlers };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const key = `${input.method} ${url.pathname.replace(/^\/api\/v1/, "")}`;
      server.calls.push(key);
      const text = await input.text();
      const auth = input.headers.get("authorization");
      const handler = server.handlers[key];
      if (!handler) return envelope(404, null, "NOT_FOUND");
      const answer = handler({
        search: url.searchParams,
        body: text === "" ? null : (JSON.parse(text) as unknown),
        token: auth === null ? null : auth.replace(/^Bearer /, ""),
        headers: input.headers,
      });
      if ("file" in answer) {
        return new Response(answer.file, { status: 200, headers: { "content-type": answer.type } });
      }
      if ("code" in answer) return envelope(answer.status, null, answer.code, answer.params);
      return envelope(200, answer.data);
    }),
  );
  return server;
}

function envelope(
  status: number,
  data: unknown,
  code?: string,
  params?: Record<string, unknown>,
): Response {
  const body = {
    HttpStatusCode: status,
    Message: code ?? "OK",
    Data: data,
    ...(code ? { Code: code } : {}),
    ...(params ? { Params: params } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** An operator session as GET /admin/session answers it. */
export function sessionView(
  stage: "enrol" | "verify" | "ready",
  role: OperatorRole = "admin",
  username = "ada",
) {
  return {
    username,
    role,
    stage,
    permissions: ROLE_PERMISSIONS[role],
    expiresAt: "2026-11-27T12:00:00Z",
    idleExpiresAt: "2026-11-27T04:30:00Z",
  };
}
