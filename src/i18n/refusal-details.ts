// The refusal codes whose wording depends on what their params name: VALIDATION (the field and
// the rule it broke), CONFLICT (the rule the request ran into) and TARGET_INVALID (which price
// a contract target must lie beyond). The seed's "Please enter the amount" is a VALIDATION of a
// missing amount, said verbatim.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RefusalParams } from "../../protocol/refusals";
import { formatMoney } from "../lib/format/format-money";
import { formatPrice } from "../lib/format/format-price";

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
    case "order-waiting":
      return i18n._(
        msg({
          message: "This order has not opened yet: cancel it instead.",
          comment: "Closing a contract limit order that is still waiting to fill.",
        }),
      );
    case "order-open":
      return i18n._(
        msg({
          message: "This order has already opened: close the position instead.",
          comment: "Cancelling a contract order that has already become an open position.",
        }),
      );
    case "order-completed":
      return completedText(i18n, "reason" in params ? params.reason : null);
    case "plan-ended":
      return i18n._(
        msg({
          message: "This plan has already ended.",
          comment: "Stopping an AI quant plan that was already delivered or stopped.",
        }),
      );
    default:
      return i18n._(msg`This conflicts with the current state. Refresh and try again.`);
  }
}

/** A contract take-profit or stop-loss on the wrong side of the entry or liquidation price. */
export function targetText(i18n: I18n, params: RefusalParams<"TARGET_INVALID">): string {
  // A refusal stored without its params still gets a sentence of its own.
  if (typeof params.limit !== "string") {
    return i18n._(
      msg({
        comment: "A refused contract take-profit or stop-loss price, without details.",
        message: "This take-profit or stop-loss price does not fit this position.",
      }),
    );
  }
  const limit = formatPrice(params.limit, i18n.locale);
  if (params.field === "takeProfit") {
    return params.side === "above"
      ? i18n._(
          msg({
            comment: "A refused contract take-profit; the price is the entry price.",
            message: `The take-profit must be above the entry price ${limit}.`,
          }),
        )
      : i18n._(
          msg({
            comment: "A refused contract take-profit; the price is the entry price.",
            message: `The take-profit must be below the entry price ${limit}.`,
          }),
        );
  }
  if (params.reference === "liquidation") {
    return params.side === "above"
      ? i18n._(
          msg({
            comment: "A refused contract stop-loss; the price is the liquidation price.",
            message: `The stop-loss must be above the liquidation price ${limit}: below it the position is liquidated first.`,
          }),
        )
      : i18n._(
          msg({
            comment: "A refused contract stop-loss; the price is the liquidation price.",
            message: `The stop-loss must be below the liquidation price ${limit}: above it the position is liquidated first.`,
          }),
        );
  }
  return params.side === "above"
    ? i18n._(
        msg({
          comment: "A refused contract stop-loss; the price is the entry price.",
          message: `The stop-loss must be above the entry price ${limit}.`,
        }),
      )
    : i18n._(
        msg({
          comment: "A refused contract stop-loss; the price is the entry price.",
          message: `The stop-loss must be below the entry price ${limit}.`,
        }),
      );
}

/** A contract order that already ended, by how it ended. */
function completedText(i18n: I18n, reason: string | null): string {
  switch (reason) {
    case "liquidation":
      return i18n._(
        msg({
          comment: "Acting on a contract order that has already ended.",
          message: "This position was already liquidated.",
        }),
      );
    case "take-profit":
      return i18n._(
        msg({
          comment: "Acting on a contract order that has already ended.",
          message: "This position was already closed by its take-profit.",
        }),
      );
    case "stop-loss":
      return i18n._(
        msg({
          comment: "Acting on a contract order that has already ended.",
          message: "This position was already closed by its stop-loss.",
        }),
      );
    case "cancelled":
      return i18n._(
        msg({
          comment: "Acting on a contract order that has already ended.",
          message: "This order was already cancelled.",
        }),
      );
    default:
      return i18n._(
        msg({
          comment: "Acting on a contract order that has already ended.",
          message: "This position is already closed.",
        }),
      );
  }
}
