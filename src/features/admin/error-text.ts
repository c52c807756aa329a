// A failed console call in the operator's language: the app's refusal wording (i18n/), which
// knows the second-factor refusals too (SECOND_FACTOR_INVALID says wrong or reused).
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { refusalText } from "../../i18n/refusal-text";
import { ApiError } from "../../sync/admin/console";

export function consoleErrorText(i18n: I18n, error: unknown): string {
  if (!(error instanceof ApiError)) return i18n._(msg`Something went wrong. Please try again.`);
  return refusalText(i18n, error);
}
