import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cancelSessionRequests, conditionalRequest, configureApi, request } from "./client";
import { ApiError } from "./errors";
import { accountSocketUrl } from "./sync";

const hooks = {
  onUnauthorized: vi.fn(),
  onLocked: vi.fn(),
  onError: vi.fn(),
  onReachability: vi.fn(),
};

function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe("API client hooks", () => {
  beforeEach(() => {
    configureApi({ origin: "http://quanta.test", getToken: () => "tok", ...hooks });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("hands a locked account to onLocked, without the server's English toast", async () => {
    answer(403, {
      HttpStatusCode: 403,
      Message: "Account locked",
      Code: "ACCOUNT_LOCKED",
      Data: null,
    });
    await expect(request("GET", "profile/profile")).rejects.toMatchObject({
      status: 403,
      code: "ACCOUNT_LOCKED",
    });
    expect(hooks.onLocked).toHaveBeenCalledTimes(1);
    expect(hooks.onError).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });

  it("keeps other 403s ordinary errors", async () => {
    answer(403, { HttpStatusCode: 403, Message: "Operators only", Code: "FORBIDDEN", Data: null });
    await expect(request("GET", "admin/identity")).rejects.toBeInstanceOf(ApiError);
    expect(hooks.onLocked).not.toHaveBeenCalled();
    expect(hooks.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: "FORBIDDEN", message: "Operators only" }),
    );
  });

  it("stays quiet for background calls, but still signs out on 401", async () => {
    answer(500, { HttpStatusCode: 500, Message: "Boom", Code: "INTERNAL", Data: null });
    await expect(request("GET", "profile/profile", { quiet: true })).rejects.toThrow("Boom");
    expect(hooks.onError).not.toHaveBeenCalled();

    answer(401, { HttpStatusCode: 401, Message: "Unauthorized", Code: "UNAUTHORIZED", Data: null });
    await expect(request("GET", "profile/profile", { quiet: true })).rejects.toThrow();
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it("signs out on a 401 only for the session its request was sent with", async () => {
    // Held answers: the stored token changes while the requests are out, as when a pull still
    // running at sign-out sends its next request with no token and the user signs in again.
    const release: (() => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            const body = { HttpStatusCode: 401, Message: "Sign in first", Data: null };
            release.push(() => resolve(new Response(JSON.stringify(body), { status: 401 })));
          }),
      ),
    );
    let stored: string | null = null;
    configureApi({ getToken: () => stored });
    const sentWithNone = request("GET", "assets/overview", { quiet: true });
    stored = "old";
    const sentWithOld = request("GET", "assets/overview", { quiet: true });
    await vi.waitFor(() => expect(release).toHaveLength(2));
    stored = "new";
    for (const answer of release.splice(0)) answer();
    await expect(sentWithNone).rejects.toMatchObject({ status: 401 });
    await expect(sentWithOld).rejects.toMatchObject({ status: 401 });
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();

    // The current token's 401 does sign out; so does one sent with none while none is stored.
    const sentWithNew = request("GET", "assets/overview", { quiet: true });
    await vi.waitFor(() => expect(release).toHaveLength(1));
    release.splice(0).forEach((answer) => answer());
    await expect(sentWithNew).rejects.toMatchObject({ status: 401 });
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    stored = null;
    const signedOut = request("GET", "assets/overview", { quiet: true });
    await vi.waitFor(() => expect(release).toHaveLength(1));
    release.splice(0).forEach((answer) => answer());
    await expect(signedOut).rejects.toMatchObject({ status: 401 });
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it("sends the explicit token when given, and multipart bodies as they are", async () => {
    answer(200, { HttpStatusCode: 200, Message: "OK", Data: { id: "u1" } });
    const form = new FormData();
    form.append("purpose", "identity");
    await request("POST", "storage/upload", { body: form, token: "other" });
    const [input, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    const sent = input instanceof Request ? input : new Request(String(input), init);
    expect(sent.headers.get("authorization")).toBe("Bearer other");
    expect(sent.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("sends If-None-Match and answers notModified on a 304; data and the new ETag otherwise", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) =>
        input.headers.get("if-none-match") === '"v1"'
          ? new Response(null, { status: 304 })
          : new Response(JSON.stringify({ HttpStatusCode: 200, Message: "OK", Data: [1] }), {
              status: 200,
              headers: { ETag: '"v1"' },
            }),
      ),
    );
    expect(await conditionalRequest("system/link", null)).toEqual({
      notModified: false,
      data: [1],
      etag: '"v1"',
    });
    expect(await conditionalRequest("system/link", '"v1"')).toEqual({ notModified: true });
    expect(hooks.onReachability).toHaveBeenCalledWith(true);
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it("cancels the stored token's requests in flight at sign-out, without a toast, but not the logout", async () => {
    const answers = new Map<string, () => void>();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (input: Request) =>
          new Promise<Response>((resolve, reject) => {
            const ok = new Response(
              JSON.stringify({ HttpStatusCode: 200, Message: "OK", Data: 1 }),
            );
            answers.set(new URL(input.url).pathname, () => resolve(ok));
            input.signal.addEventListener("abort", () => reject(input.signal.reason as Error));
          }),
      ),
    );
    const overview = request("GET", "assets/overview", { quiet: true });
    const order = request("POST", "spot/orders", { json: {} });
    const logout = request("POST", "auth/logout", { token: "tok", quiet: true });
    await vi.waitFor(() => expect(answers.size).toBe(3));

    cancelSessionRequests();
    await expect(overview).rejects.toMatchObject({ status: 0, code: "SESSION_ENDED" });
    await expect(order).rejects.toMatchObject({ status: 0, code: "SESSION_ENDED" });
    answers.get("/api/v1/auth/logout")?.();
    expect(await logout).toBe(1);
    // Signing out says nothing about the server, and there is nothing to tell the user.
    expect(hooks.onReachability).not.toHaveBeenCalledWith(false);
    expect(hooks.onError).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();

    // The next session's requests are not born cancelled.
    const next = request("GET", "assets/overview");
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(4));
    answers.get("/api/v1/assets/overview")?.();
    expect(await next).toBe(1);
  });

  it("builds the account socket's address from the API origin", () => {
    expect(accountSocketUrl("a b/c")).toBe("ws://quanta.test/ws/account?token=a%20b%2Fc");
    configureApi({ origin: "https://quanta.example" });
    expect(accountSocketUrl("t")).toBe("wss://quanta.example/ws/account?token=t");
  });
});
