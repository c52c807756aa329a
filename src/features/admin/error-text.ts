// A failed console call in the operator's language: the app's refusal wording (i18n/), which
// knows the second-factor refusals too (SECOND_FACTOR_INVALID says wrong or reused), and the
// refusals only an operator meets, worded for the console: a second approval of a withdrawal by
// the operator who gave the first (two-person rule), and mail that cannot go out (no SMTP
// transport, or the demo sink is not running) on the newsletter and mailbox screens.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { refusalText } from "../../i18n/refusal-text";
import { ApiError } from "../../sync/admin/console";
import { timeText } from "./time-text";

export function consoleErrorText(i18n: I18n, error: unknown): string {
  if (!(error instanceof ApiError)) return i18n._(msg`Something went wrong. Please try again.`);
  return operatorRefusalText(i18n, error) ?? refusalText(i18n, error);
}

function operatorRefusalText(i18n: I18n, error: ApiError): string | null {
  const params = error.params as Record<string, unknown>;
  if (error.code === "CONFLICT" && params.conflict === "same-approver") {
    if (typeof params.approvedAt !== "string") {
      return i18n._(
        msg`You already approved this withdrawal. The second approval must come from another operator.`,
      );
    }
    const when = timeText(params.approvedAt, i18n.locale);
    return i18n._(
      msg`You already approved this withdrawal (${when}). The second approval must come from another operator.`,
    );
  }
  if (error.code === "UNAVAILABLE" && params.part === "mail") {
    return i18n._(
      msg`Mail cannot be sent right now: the server has no working mail transport (SMTP_URL, or the demo mail sink). Nothing was sent or recorded; try again once mail is back.`,
    );
  }
  return null;
}
