// The two refusal codes whose wording depends on what their params name: VALIDATION (the field and
// the rule it broke) and CONFLICT (the rule the request ran into). The seed's "Please enter the
// amount" is a VALIDATION of a missing amount, said verbatim.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RefusalParams } from "../../protocol/refusals";
import { formatMoney } from "../lib/format/format-money";

/** Fields whose missing or malformed value has its own sentence (the forms' own words). */
function knownField(i18n: I18n, field: string, rule: string): string | null {
  if (rule === "required") {
    if (field === "amount") return i18n._(msg`Please enter the amount`);
    if (field === "address") return i18n._(msg`Please enter the address to withdraw to`);
    if (field === "voucher") return i18n._(msg`Please upload the voucher`);
  }
  if (field === "email") return i18n._(msg`Please enter a valid email address`);
  return null;
}

export function validationText(i18n: I18n, params: RefusalParams<"VALIDATION">): string {
  if (!("field" in params)) return i18n._(msg`The request is not valid.`);
  const field = params.field;
  const rule = "rule" in params ? params.rule : "format";
  const limit = "limit" in params ? params.limit : null;
  const known = knownField(i18n, field, rule);
  if (known !== null) return known;
  switch (rule) {
    case "maximum-amount": {
      if (limit === null) return i18n._(msg`Not more than the maximum amount`);
      const maximum = formatMoney(limit, i18n.locale);
      return i18n._(msg`Not more than the maximum amount: at most ${maximum}.`);
    }
    case "wallet-required":
      return i18n._(msg`This account has no wallet address. Sign in with a wallet.`);
    case "checksum":
      return i18n._(msg`The address fails its checksum. Check it for a typo.`);
    case "required":
      return i18n._(msg`“${field}” is required.`);
    case "not-allowed":
      return i18n._(msg`“${field}” is not allowed here.`);
    case "positive":
      return i18n._(msg`“${field}” must be greater than 0.`);
    case "decimals":
      return limit === null
        ? i18n._(msg`“${field}” has too many decimal places.`)
        : i18n._(msg`“${field}” has more than ${limit} decimal places.`);
    case "at-most":
      return limit === null
        ? i18n._(msg`“${field}” is too large.`)
        : i18n._(msg`“${field}” must be at most ${limit}.`);
    case "at-least":
      return limit === null
        ? i18n._(msg`“${field}” is too small.`)
        : i18n._(msg`“${field}” must be at least ${limit}.`);
    case "length":
      return limit === null
        ? i18n._(msg`“${field}” is empty or too long.`)
        : i18n._(msg`“${field}” must be 1 to ${limit} characters.`);
    case "mismatch":
      return i18n._(msg`“${field}” does not match.`);
    default:
      return i18n._(msg`“${field}” is not valid.`);
  }
}

export function conflictText(i18n: I18n, params: RefusalParams<"CONFLICT">): string {
  const kind = "conflict" in params ? params.conflict : null;
  switch (kind) {
    case "identity-under-review":
      return i18n._(
        msg`Your identity verification is already under review. Wait for the decision before submitting again.`,
      );
    case "identity-verified":
      return i18n._(msg`Your identity is already verified.`);
    case "already-decided":
      return i18n._(msg`This was already decided.`);
    case "transfer-credited":
      return i18n._(msg`This transfer was already credited to a recharge.`);
    case "tx-hash-reused":
      return i18n._(msg`You already submitted this transaction hash with another recharge.`);
    case "username-taken":
      return i18n._(msg`This username is taken.`);
    case "already-exists":
      return i18n._(msg`This already exists.`);
    case "reservation-ended":
      return i18n._(msg`This has already ended.`);
    default:
      return i18n._(msg`This conflicts with the current state. Refresh and try again.`);
  }
}
