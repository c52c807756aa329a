// Words of the options screen that depend on data: direction and result, why buying is
// disabled, what is wrong with a stake and why a purchase failed — translated where shown.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OptionDirection, OptionResult } from "../../../protocol/options";
import { PREVIOUS_ORDER_OPEN_TEXT, refusalText } from "../../i18n/refusal-text";
import { formatMoney } from "../../lib/format/format-money";
import type { OptionsCommandError } from "../../sync/options-commands";
import type { StakeProblem } from "./options-math";

export function directionLabel(direction: OptionDirection): MessageDescriptor {
  return direction === "up"
    ? msg({ message: "Up", context: "option direction" })
    : msg({ message: "Down", context: "option direction" });
}

export function resultLabel(result: OptionResult | null): MessageDescriptor {
  switch (result) {
    case "win":
      return msg({ message: "Won", context: "option result" });
    case "lose":
      return msg({ message: "Lost", context: "option result" });
    case "tie":
      return msg({ message: "Tie: stake returned", context: "option result" });
    case "void":
      return msg({ message: "Void: stake and fee returned", context: "option result" });
    default:
      return msg({ message: "Open", context: "option result" });
  }
}

/** Why the order form cannot be used right now. */
export type OptionsBlock =
  | { kind: "offline" }
  | { kind: "no-products" }
  | { kind: "no-price" }
  /** Seconds are a time, not money: a number is fine. */
  | { kind: "stale"; ageSeconds: number; maxSeconds: number }
  | { kind: "open-order" };

export function blockText(i18n: I18n, block: OptionsBlock, symbol: string): string {
  switch (block.kind) {
    case "offline":
      return i18n._(msg`You are offline. Options are bought only with a connection to the server.`);
    case "no-products":
      return i18n._(msg`The option terms (durations, payouts, fees) have not been downloaded yet.`);
    case "no-price":
      return i18n._(msg`No price for ${symbol} yet: buying opens when the market feed arrives.`);
    case "open-order":
      return i18n._(PREVIOUS_ORDER_OPEN_TEXT);
    default: {
      const age = i18n.number(block.ageSeconds);
      const max = i18n.number(block.maxSeconds);
      return i18n._(
        msg`The last price is ${age} s old (at most ${max} s allowed): buying waits for a fresh price.`,
      );
    }
  }
}

export function stakeProblemText(i18n: I18n, problem: StakeProblem): string {
  switch (problem.kind) {
    case "empty":
      return i18n._(msg`Enter a stake.`);
    case "below-minimum": {
      const minimum = formatMoney(problem.minimum, i18n.locale);
      return i18n._(msg`The stake is at least ${minimum} USDT.`);
    }
    case "above-maximum": {
      const maximum = formatMoney(problem.maximum, i18n.locale);
      return i18n._(msg`The stake is at most ${maximum} USDT.`);
    }
    default: {
      const needed = formatMoney(problem.needed, i18n.locale);
      const available = formatMoney(problem.available, i18n.locale);
      return i18n._(
        msg`Insufficient available balance: ${available} USDT available, ${needed} USDT needed with the fee.`,
      );
    }
  }
}

/** What the user reads when buying failed. */
export function commandErrorText(i18n: I18n, error: OptionsCommandError): string {
  const said = error.refusal === null ? "" : refusalText(i18n, error.refusal);
  switch (error.kind) {
    case "offline":
      return i18n._(msg`You are offline. Options are bought only with a connection to the server.`);
    case "invalid":
      return i18n._(msg`The option is incomplete.`);
    case "previous-open":
    case "insufficient-balance":
    case "refused":
      return said;
    case "validation":
      return i18n._(msg`The server did not accept the option: ${said}`);
    case "market-stale":
      return i18n._(
        msg`The server has no fresh price for this market right now. Try again shortly.`,
      );
    case "conflict":
      return i18n._(
        msg`This purchase was already sent with different details. Please start again.`,
      );
    case "rate-limited":
      return i18n._(msg`Too many requests. Please wait a moment and try again.`);
    case "no-answer":
      return i18n._(
        msg`No answer from the server. Check your open option below; trying again will not buy it twice.`,
      );
    default:
      return i18n._(msg`The server could not take the option: ${said}`);
  }
}
