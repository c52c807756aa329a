// A money command as the app sends it: POST with the user's token and an Idempotency-Key.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { API_BASE } from "../../../protocol/paths";
import { bearer } from "./sessions";

let keyCounter = 0;

/**
 * POSTs `body` to `path` (under API_BASE) as `session`; `key` defaults to a fresh key, and
 * `null` sends none (to test that refusal).
 */
export function postIdempotent(
  app: FastifyInstance,
  session: { token: string },
  path: string,
  body: unknown,
  key: string | null = `${path}-${++keyCounter}`,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `${API_BASE}/${path}`,
    headers: { ...bearer(session), ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body as object,
  });
}

/** The Data of an answer that must be accepted, or the test fails with the server's message. */
export function acceptedData<T>(response: LightMyRequestResponse, what: string): T {
  if (response.statusCode !== 200) throw new Error(`${what} refused: ${response.body}`);
  return response.json<{ Data: T }>().Data;
}
