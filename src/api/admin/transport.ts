// The console's own transport: the operator token, never the wallet session's. It shares the
// envelope rules with ../client.ts but none of the user app's hooks — an operator's 401 must end
// the operator session, not sign the wallet user out of the app or toast in the user's shell.
import ky from "ky";
import { API_BASE, isEnvelope, type ErrorCode } from "../../../protocol";
import { apiOrigin } from "../client";
import { ApiError, NETWORK_ERROR_MESSAGE } from "../errors";

export interface OperatorTransportHooks {
  getToken: () => string | null;
  /** A 401 (no, expired or idle session): the console forgets its token and shows sign-in. */
  onUnauthorized: (code: string) => void;
}

let hooks: OperatorTransportHooks = { getToken: () => null, onUnauthorized: () => undefined };

export function configureOperatorTransport(next: OperatorTransportHooks): void {
  hooks = next;
}

export interface AdminRequestOptions {
  json?: unknown;
  searchParams?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /**
   * A 401 here is an answer, not the end of the session (a wrong password or second-factor code):
   * the caller handles it, the unauthorized hook is not called.
   */
  refusalIs401?: boolean;
}

const REQUEST_TIMEOUT_MS = 30_000;

async function send(method: string, path: string, opts: AdminRequestOptions): Promise<Response> {
  const token = hooks.getToken();
  const searchParams = Object.fromEntries(
    Object.entries(opts.searchParams ?? {}).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== "",
    ),
  );
  try {
    return await ky(`${apiOrigin()}${API_BASE}${path}`, {
      method,
      ...(opts.json === undefined ? {} : { json: opts.json }),
      searchParams,
      headers: { ...opts.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      // Other users' data is never kept: neither the HTTP cache nor anything else stores it.
      cache: "no-store",
      ...(opts.signal ? { signal: opts.signal } : {}),
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      throwHttpErrors: false,
    });
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE;
    throw new ApiError(0, "NETWORK", message);
  }
}

function parsed(text: string): unknown {
  try {
    return text === "" ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

async function failure(response: Response, opts: AdminRequestOptions): Promise<ApiError> {
  const body = parsed(await response.text());
  const envelope = isEnvelope(body) ? body : null;
  const code: ErrorCode = envelope?.Code ?? (response.status === 401 ? "UNAUTHORIZED" : "INTERNAL");
  if (response.status === 401 && opts.refusalIs401 !== true) hooks.onUnauthorized(code);
  return new ApiError(
    response.status,
    code,
    envelope?.Message || NETWORK_ERROR_MESSAGE,
    envelope?.Params ?? {},
  );
}

/** One enveloped call under /api/v1 with the operator token; resolves to the envelope's Data. */
export async function adminRequest<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  opts: AdminRequestOptions = {},
): Promise<T> {
  const response = await send(method, path, opts);
  if (!response.ok) throw await failure(response, opts);
  const body: unknown = await response.json().catch(() => null);
  if (!isEnvelope(body)) throw new ApiError(response.status, "BAD_RESPONSE", NETWORK_ERROR_MESSAGE);
  // The envelope's Data is trusted to match T: the contract is shared through protocol/.
  return body.Data as T;
}

/** A GET whose answer is a file (an upload's image, a CSV), kept in memory only. */
export async function adminBlob(path: string, opts: AdminRequestOptions = {}): Promise<Blob> {
  const response = await send("GET", path, opts);
  if (!response.ok) throw await failure(response, opts);
  return response.blob();
}
