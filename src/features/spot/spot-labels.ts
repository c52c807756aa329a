// Words of the spot screen that depend on data: order side, type and status, why the form is
// disabled, and why a command failed — translated where shown.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SpotOrder, SpotOrderStatus, SpotSide, SpotType } from "../../../protocol/spot";
import { refusalText } from "../../i18n/refusal-text";
import type { SpotCommandError } from "../../sync/spot-commands";

export function sideLabel(side: SpotSide): MessageDescriptor {
  return side === 0 ? msg`Buy` : msg`Sell`;
}

export function typeLabel(type: SpotType): MessageDescriptor {
  // A context: "Market" is also the market picker's label, which some languages word otherwise.
  return type === 0
    ? msg({ message: "Market", context: "spot order type" })
    : msg({ message: "Limit", context: "spot order type" });
}

export function statusLabel(status: SpotOrderStatus): MessageDescriptor {
  switch (status) {
    case "open":
      // A context: the chart's "Open" is the opening price.
      return msg({ message: "Open", context: "spot order status" });
    case "filled":
      return msg`Filled`;
    case "cancelled":
      return msg`Cancelled`;
    default:
      return msg`Rejected`;
  }
}

/** Why the order form cannot be used right now. */
export type SpotBlock =
  | { kind: "offline" }
  | { kind: "no-config" }
  | { kind: "not-listed" }
  | { kind: "no-price" }
  /** Seconds are a time, not money: a number is fine. */
  | { kind: "stale"; ageSeconds: number; maxSeconds: number };

export function blockText(i18n: I18n, block: SpotBlock, symbol: string): string {
  switch (block.kind) {
    case "offline":
      return i18n._(msg`You are offline. Orders are placed only with a connection to the server.`);
    case "no-config":
      return i18n._(msg`The trading terms (fees, steps, minimums) have not been downloaded yet.`);
    case "not-listed":
      return i18n._(msg`${symbol} cannot be traded on spot.`);
    case "no-price":
      return i18n._(msg`No price for ${symbol} yet: orders open when the market feed arrives.`);
    default: {
      const age = i18n.number(block.ageSeconds);
      const max = i18n.number(block.maxSeconds);
      return i18n._(
        msg`The last price is ${age} s old (at most ${max} s allowed): orders wait for a fresh price.`,
      );
    }
  }
}

/** What the user reads when placing or cancelling failed. */
export function commandErrorText(i18n: I18n, error: SpotCommandError): string {
  const said = error.refusal === null ? "" : refusalText(i18n, error.refusal);
  switch (error.kind) {
    case "offline":
      return i18n._(msg`You are offline. Orders are placed only with a connection to the server.`);
    case "invalid":
      return i18n._(msg`The order is incomplete.`);
    case "insufficient-balance":
      return i18n._(msg`Insufficient available balance`);
    case "below-minimum":
      return i18n._(msg`Not less than the minimum amount`);
    case "validation":
      return i18n._(msg`The server did not accept the order: ${said}`);
    case "market-stale":
      return i18n._(
        msg`The server has no fresh price for this market right now. Try again shortly.`,
      );
    case "refused":
      return i18n._(msg`The order was refused: ${said}`);
    case "not-found":
      return i18n._(msg`This order is no longer open.`);
    case "conflict":
      return i18n._(
        msg`This order changed meanwhile (it may have filled); the list shows its state.`,
      );
    case "rate-limited":
      return i18n._(msg`Too many requests. Please wait a moment and try again.`);
    case "no-answer":
      return i18n._(
        msg`No answer from the server. Check your orders below; trying again will not place it twice.`,
      );
    default:
      return i18n._(msg`The server could not take the order: ${said}`);
  }
}

/** Why an order was rejected, worded from its stored code and params (never its English reason). */
export function rejectionText(
  i18n: I18n,
  order: Pick<SpotOrder, "reasonCode" | "reasonParams">,
): string {
  // A rejection stored on this device before orders carried their code has only the sentence.
  if (order.reasonCode == null || order.reasonParams == null) {
    return i18n._(msg`The order book could not fill it within the market order's limits.`);
  }
  return refusalText(i18n, { code: order.reasonCode, params: order.reasonParams });
}
