// The transport: one ky call per request, the envelope rules of API.md and the seed, and the
// app's hooks (token, sign-out on 401, lock, toasts, reachability). Never storage or navigation.
import ky, { TimeoutError } from "ky";
import { API_BASE, isEnvelope, type ErrorCode } from "../../protocol";
import { ApiError, NETWORK_ERROR_MESSAGE } from "./errors";

/** How the app plugs its session, navigation and toasts into the transport. */
export interface ApiHooks {
  /** Origin of the server; the page's own origin in the app. */
  origin: string;
  getToken: () => string | null;
  /** A 401: the app resets the token and goes to /login. */
  onUnauthorized: () => void;
  /** A 403 ACCOUNT_LOCKED: the app signs out, says the account is locked and goes to /login. */
  onLocked: () => void;
  /** Any failed call: the app shows a 5-second error toast worded from the error's code and params. */
  onError: (error: ApiError) => void;
  /** Whether a request reached the server; feeds the online state. */
  onReachability: (reached: boolean) => void;
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Aborted when the session ends: a request sent with the stored token must not come back after
 * sign-out as a 401 (the token was just revoked) that would send a signed-out user to /login again.
 */
let sessionRequests = new AbortController();

/** Sign-out: stops every request in flight with the stored token; they fail as SESSION_ENDED. */
export function cancelSessionRequests(): void {
  sessionRequests.abort();
  sessionRequests = new AbortController();
}

let hooks: ApiHooks = {
  origin: typeof location === "undefined" ? "http://localhost" : location.origin,
  getToken: () => null,
  onUnauthorized: () => undefined,
  onLocked: () => undefined,
  onError: () => undefined,
  onReachability: () => undefined,
};

export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

/** The server's origin as configured (the socket URL builder derives ws:// from it). */
export function apiOrigin(): string {
  return hooks.origin;
}

export interface RequestOptions {
  json?: unknown;
  /** Multipart body (uploads); ky sets the boundary header itself. */
  body?: FormData;
  searchParams?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Background calls (sync pulls, the outbox, best-effort logout) fail without an error toast:
   * the user did not ask for them. 401 and ACCOUNT_LOCKED still reach their hooks.
   */
  quiet?: boolean;
  /** Use this token instead of the stored one (logout after the session was already cleared). */
  token?: string | null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fail(error: ApiError, quiet = false): never {
  if (!quiet) hooks.onError(error);
  throw error;
}

/** An answer, and the token its request carried (null: none). */
interface Sent {
  response: Response;
  token: string | null;
}

/** Sends the request; a request that got no answer fails here (and marks the server unreachable). */
async function send(method: string, path: string, opts: RequestOptions): Promise<Sent> {
  const token = (opts.token === undefined ? hooks.getToken() : opts.token) ?? null;
  // Only the stored token's requests belong to the session; an explicit token (logout) outlives it.
  const session = opts.token === undefined && token ? sessionRequests.signal : null;
  const signals = [opts.signal, session].filter((signal) => signal != null);
  try {
    const response = await ky(`${hooks.origin}${API_BASE}/${path.replace(/^\//, "")}`, {
      method,
      json: opts.json,
      body: opts.body,
      searchParams: opts.searchParams,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...opts.headers },
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      throwHttpErrors: false,
    });
    hooks.onReachability(true);
    return { response, token };
  } catch (error) {
    // The user signed out meanwhile: nothing about the server, and nothing to tell them.
    if (session?.aborted) throw new ApiError(0, "SESSION_ENDED", "Signed out before the answer.");
    hooks.onReachability(false);
    const quiet = opts.quiet ?? false;
    if (error instanceof TimeoutError) fail(new ApiError(0, "TIMEOUT", error.message), quiet);
    const message = error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE;
    fail(new ApiError(0, "NETWORK", message), quiet);
  }
}

/**
 * The envelope rules of API.md and the seed: an envelope whose HttpStatusCode is not 200 fails
 * with its Code and Params (the app words them; Message is kept for logs); a 401 signs out;
 * ACCOUNT_LOCKED goes to the lock handler; an answer that is no envelope fails as BAD_RESPONSE.
 */
async function unwrap<T>({ response, token }: Sent, quiet: boolean): Promise<T> {
  const body = await readBody(response);
  const envelope = isEnvelope(body) ? body : null;
  if (response.status === 401 || envelope?.HttpStatusCode === 401) {
    // Only the session the request was sent with ends. A request that left with another token, or
    // with none (a pull still running when the user signed out), answers for a session that is
    // over: a new one signed in meanwhile must not be signed out by it.
    if (token === (hooks.getToken() ?? null)) hooks.onUnauthorized();
    fail(
      new ApiError(
        401,
        "UNAUTHORIZED",
        envelope?.Message || NETWORK_ERROR_MESSAGE,
        envelope?.Params ?? {},
      ),
      quiet,
    );
  }
  if (envelope?.Code === "ACCOUNT_LOCKED") {
    // The lock handler says so in the user's language; the server's English toast would repeat it.
    hooks.onLocked();
    throw new ApiError(envelope.HttpStatusCode, "ACCOUNT_LOCKED", envelope.Message);
  }
  if (envelope && envelope.HttpStatusCode !== 200) {
    const code: ErrorCode = envelope.Code ?? "INTERNAL";
    fail(
      new ApiError(
        envelope.HttpStatusCode,
        code,
        envelope.Message || NETWORK_ERROR_MESSAGE,
        envelope.Params ?? {},
      ),
      quiet,
    );
  }
  if (!response.ok) {
    fail(
      new ApiError(response.status, "BAD_RESPONSE", response.statusText || NETWORK_ERROR_MESSAGE),
      quiet,
    );
  }
  if (!envelope) {
    fail(new ApiError(response.status, "BAD_RESPONSE", NETWORK_ERROR_MESSAGE), quiet);
  }
  // The envelope's Data is trusted to match T: the contract is shared through protocol/.
  return envelope.Data as T;
}

/** One call to the API; resolves to the envelope's Data. */
export async function request<T>(
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  return unwrap<T>(await send(method, path, opts), opts.quiet ?? false);
}

/** A conditional GET's outcome: unchanged since `etag`, or the new data and its ETag. */
export type Conditional<T> =
  { notModified: true } | { notModified: false; data: T; etag: string | null };

/**
 * GET with If-None-Match: a 304 answers `{ notModified: true }` (the copy on the device is still
 * current), anything else follows the envelope rules of `request`. A request that sets
 * If-None-Match itself bypasses the browser's HTTP cache (Fetch spec), so the 304 reaches us.
 */
export async function conditionalRequest<T>(
  path: string,
  etag: string | null,
  opts: Omit<RequestOptions, "json" | "body"> = {},
): Promise<Conditional<T>> {
  const headers = { ...opts.headers, ...(etag === null ? {} : { "If-None-Match": etag }) };
  const sent = await send("GET", path, { ...opts, headers });
  if (sent.response.status === 304) return { notModified: true };
  const data = await unwrap<T>(sent, opts.quiet ?? false);
  return { notModified: false, data, etag: sent.response.headers.get("etag") };
}
