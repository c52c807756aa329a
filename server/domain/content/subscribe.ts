// POST /system/subscribe: the e-mail newsletter, double opt-in (issue 22). Public (a signed-in
// caller's user id is kept when present), idempotent per address (one row ever) and per
// Idempotency-Key (the app's outbox retries with the same key until it has an answer). A new
// address is pending and gets a confirmation mail, queued in the same transaction; a pending or
// confirmed address changes nothing (no second mail: nobody can mail-bomb an address through
// it); an unsubscribed one is pending again with a new confirmation mail.
import type { Lang } from "../../../protocol/content";
import { INVALID_EMAIL_MESSAGE, normaliseEmail } from "../../../protocol/email";
import type { Db } from "../../db/db";
import { queueConfirmation } from "../../db/repositories/mail-queue-repository";
import { upsertPendingSubscription } from "../../db/repositories/subscription-repository";
import { invalid } from "../errors";
import { PUBLIC_SCOPE, userScope, withIdempotency } from "../idempotency/with-idempotency";
import { newConfirmToken } from "../newsletter/mail-links";

export const SUBSCRIBE_ROUTE = "POST /system/subscribe";

export interface SubscribeCommand {
  email: unknown;
  lang: Lang | null;
  /** The caller when a valid token came with the request; never required. */
  userId: string | null;
  idempotencyKey: string;
}

export async function subscribe(db: Db, command: SubscribeCommand): Promise<null> {
  const email = normaliseEmail(command.email);
  if (email === null) throw invalid("email", "format", INVALID_EMAIL_MESSAGE);
  const { userId, lang } = command;
  const answer = await withIdempotency(
    db,
    {
      scope: userId === null ? PUBLIC_SCOPE : userScope(userId),
      route: SUBSCRIBE_ROUTE,
      key: command.idempotencyKey,
      body: { email, lang },
    },
    async (tx) => {
      const { token, hash } = newConfirmToken();
      if (await upsertPendingSubscription(tx, { email, userId, lang, tokenHash: hash })) {
        await queueConfirmation(tx, { email, token, lang });
      }
      return { statusCode: 200, data: null };
    },
  );
  return answer.data;
}
