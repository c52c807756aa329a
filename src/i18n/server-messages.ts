import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SEED_MESSAGES } from "../../protocol";
import { WITHDRAW_IDENTITY_RULE } from "../../protocol/wallet";

/**
 * The one identity rule for withdrawals: the server's IDENTITY_REQUIRED message, and what /verified
 * and /withdrawal say — one sentence, translated once.
 */
export const WITHDRAWAL_IDENTITY_RULE = msg`You can always withdraw to your own signed-in wallet. Withdrawals to any other address need a verified identity.`;

/**
 * The server answers in English (API.md); messages the user must understand are translated here.
 * The seed requires at least "Please complete the previous order first" in Japanese.
 */
const KNOWN: Record<string, MessageDescriptor> = {
  [SEED_MESSAGES.previousOrderOpen]: msg`Please complete the previous order first`,
  [SEED_MESSAGES.enterAmount]: msg`Please enter the amount`,
  [SEED_MESSAGES.insufficientBalance]: msg`Insufficient available balance`,
  [SEED_MESSAGES.belowMinimum]: msg`Not less than the minimum amount`,
  [WITHDRAW_IDENTITY_RULE]: WITHDRAWAL_IDENTITY_RULE,
  ["Network Error"]: msg`Network Error`,
  ["Has Error"]: msg`Has Error`,
  // POST /system/subscribe (VALIDATION); the subscription form checks the same before saving.
  ["Please enter a valid email address"]: msg`Please enter a valid email address`,
};

export function translateServerMessage(i18n: I18n, message: string): string {
  const known = KNOWN[message];
  return known ? i18n._(known) : message;
}
