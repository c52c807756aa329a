import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SEED_MESSAGES } from "../../protocol";

/**
 * The server answers in English (API.md); messages the user must understand are translated here.
 * The seed requires at least "Please complete the previous order first" in Japanese.
 */
const KNOWN: Record<string, MessageDescriptor> = {
  [SEED_MESSAGES.previousOrderOpen]: msg`Please complete the previous order first`,
  [SEED_MESSAGES.enterAmount]: msg`Please enter the amount`,
  [SEED_MESSAGES.insufficientBalance]: msg`Insufficient available balance`,
  [SEED_MESSAGES.belowMinimum]: msg`Not less than the minimum amount`,
  ["Network Error"]: msg`Network Error`,
  ["Has Error"]: msg`Has Error`,
  // POST /system/subscribe (VALIDATION); the subscription form checks the same before saving.
  ["Please enter a valid email address"]: msg`Please enter a valid email address`,
};

export function translateServerMessage(i18n: I18n, message: string): string {
  const known = KNOWN[message];
  return known ? i18n._(known) : message;
}
