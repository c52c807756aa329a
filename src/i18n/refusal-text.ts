// Every refusal the server can send, worded in the user's language from its code and params
// (protocol/refusals.ts). The English `Message` of the envelope is never shown: a code the app does
// not know yet falls back to a generic sentence plus the code, never to the server's English.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ErrorCode, ErrorParams } from "../../protocol";
import type { Refusal, RefusalParams } from "../../protocol/refusals";

type Wording = { [C in ErrorCode]?: (i18n: I18n, params: RefusalParams<C>) => string };

const WORDING: Wording = {
  INSUFFICIENT_BALANCE: (i18n) => i18n._(msg`Insufficient available balance`),
  BELOW_MINIMUM: (i18n) => i18n._(msg`Not less than the minimum amount`),
  PREVIOUS_ORDER_OPEN: (i18n) => i18n._(msg`Please complete the previous order first`),
};

/** The refusal in the user's language; a stored one (an outbox row, an order) may be of any code. */
export function refusalText(
  i18n: I18n,
  refusal: Refusal | { code: string; params: ErrorParams },
): string {
  const word = WORDING[refusal.code as ErrorCode] as
    ((i18n: I18n, params: ErrorParams) => string) | undefined;
  if (word) return word(i18n, refusal.params);
  const code = refusal.code;
  return i18n._(msg`The server refused this request (${code}).`);
}
