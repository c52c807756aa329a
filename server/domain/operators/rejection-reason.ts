// An operator's reason for a rejection: the user reads it as written, so it must say something
// and fit where the app shows it.
import { invalid } from "../errors";

/** The trimmed reason, or a VALIDATION refusal naming `reason` and its longest length. */
export function rejectionReason(reason: string, maxLength: number): string {
  const trimmed = reason.trim();
  if (trimmed.length === 0 || trimmed.length > maxLength) {
    throw invalid(
      "reason",
      "length",
      `Invalid body: "reason" must be 1 to ${maxLength} characters; the user reads it`,
      maxLength,
    );
  }
  return trimmed;
}
