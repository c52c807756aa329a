// The signed-in user's messages (API.md /profile/message). Lists arrive through the change log
// (GET /sync); only the read mark is sent from here.
import { call } from "./call";

/**
 * POST /profile/message/{id}/read. Marking read twice is harmless; the key lets the server answer
 * a retried call from its store all the same.
 */
export async function markMessageRead(
  id: string,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<void> {
  await call("POST /profile/message/:id/read", {
    ...opts,
    params: { id },
    headers: { "idempotency-key": idempotencyKey },
  });
}
