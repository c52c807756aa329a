// POST /system/subscribe: the e-mail newsletter. Public (a signed-in caller's user id is kept
// when present), idempotent per address (one row ever; subscribing again changes nothing) and
// per Idempotency-Key (the app's outbox retries with the same key until it has an answer).
import type { Lang } from "../../../protocol/content";
import { INVALID_EMAIL_MESSAGE, normaliseEmail } from "../../../protocol/email";
import type { Db } from "../../db/db";
import { insertSubscription } from "../../db/repositories/subscription-repository";
import { invalid } from "../errors";
import { PUBLIC_SCOPE, userScope, withIdempotency } from "../idempotency/with-idempotency";

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
      await insertSubscription(tx, { email, userId, lang });
      return { statusCode: 200, data: null };
    },
  );
  return answer.data;
}
