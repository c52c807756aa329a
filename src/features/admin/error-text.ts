// A failed console call in the operator's language: the app's refusal wording (i18n/), with the
// second-factor refusals the console meets most said plainly.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { refusalText } from "../../i18n/refusal-text";
import { ApiError } from "../../sync/admin/console";

const CONSOLE_WORDING: Record<string, ReturnType<typeof msg>> = {
  SECOND_FACTOR_REQUIRED: msg`Enter your authenticator code first.`,
  FORBIDDEN: msg`Your role does not allow this.`,
};

export function consoleErrorText(i18n: I18n, error: unknown): string {
  if (!(error instanceof ApiError)) return i18n._(msg`Something went wrong. Please try again.`);
  const own = CONSOLE_WORDING[error.code];
  return own ? i18n._(own) : refusalText(i18n, error);
}
