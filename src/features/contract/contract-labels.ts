// Words of the contract screen that depend on data: direction, order type, state and why a
// position ended, why the form is disabled, what is wrong with a field and why a command failed
// — translated where shown.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type {
  ContractCloseReason,
  ContractDirection,
  ContractOrder,
} from "../../../protocol/contract";
import { refusalText } from "../../i18n/refusal-text";
import type { ContractCommandError } from "../../sync/contract-commands";

export function directionLabel(direction: ContractDirection): MessageDescriptor {
  return direction === "long"
    ? msg({
        message: "Long",
        context: "contract direction",
        comment: "A leveraged position that gains when the price rises",
      })
    : msg({
        message: "Short",
        context: "contract direction",
        comment: "A leveraged position that gains when the price falls",
      });
}

export function typeLabel(type: 0 | 1): MessageDescriptor {
  return type === 0
    ? msg({
        message: "Market",
        context: "contract order type",
        comment: "Contract order type: fills at once at the order book's prices",
      })
    : msg({
        message: "Limit",
        context: "contract order type",
        comment: "Contract order type: waits until the market reaches the user's price",
      });
}

/** A completed order's ending; a waiting order or a position by its state. */
export function stateLabel(order: Pick<ContractOrder, "state" | "closeReason">): MessageDescriptor {
  if (order.state === 0) {
    return msg({
      message: "Waiting",
      context: "contract order state",
      comment: "A limit order waiting for the market to reach its price",
    });
  }
  if (order.state === 1) {
    return msg({
      message: "Open",
      context: "contract order state",
      comment: "An open leveraged position",
    });
  }
  return closeReasonLabel(order.closeReason);
}

export function closeReasonLabel(reason: ContractCloseReason | null): MessageDescriptor {
  switch (reason) {
    case "take-profit":
      return msg({
        message: "Closed by take-profit",
        comment: "Contract history: a recorded tick reached the position's take-profit price",
      });
    case "stop-loss":
      return msg({
        message: "Closed by stop-loss",
        comment: "Contract history: a recorded tick reached the position's stop-loss price",
      });
    case "liquidation":
      return msg({
        message: "Liquidated",
        comment:
          "Contract history: a recorded tick reached the liquidation price; the whole margin was lost",
      });
    case "cancelled":
      return msg({
        message: "Cancelled",
        context: "contract order state",
        comment:
          "Contract history: a waiting limit order the user cancelled; everything frozen came back",
      });
    default:
      return msg({
        message: "Closed by you",
        comment: "Contract history: the user closed the position at market",
      });
  }
}

/** Why the order form cannot be used right now. */
export type ContractBlock =
  | { kind: "offline" }
  | { kind: "no-config" }
  | { kind: "not-listed" }
  | { kind: "no-price" }
  /** Seconds are a time, not money: a number is fine. */
  | { kind: "stale"; ageSeconds: number; maxSeconds: number };

export function blockText(i18n: I18n, block: ContractBlock, symbol: string): string {
  switch (block.kind) {
    case "offline":
      return i18n._(
        msg({
          message:
            "You are offline. Contract orders are placed only with a connection to the server.",
          comment: "Why the contract order form is disabled",
        }),
      );
    case "no-config":
      return i18n._(
        msg({
          message:
            "The contract terms (leverages, fees, market rules) have not been downloaded yet.",
          comment: "Why the contract order form is disabled",
        }),
      );
    case "not-listed":
      return i18n._(
        msg({
          message: `${symbol} cannot be traded as a contract.`,
          comment: "Why the contract order form is disabled; symbol is a market like BTC/USDT",
        }),
      );
    case "no-price":
      return i18n._(
        msg({
          message: `No price for ${symbol} yet: orders open when the market feed arrives.`,
          comment: "Why the contract order form is disabled; symbol is a market like BTC/USDT",
        }),
      );
    default: {
      const age = i18n.number(block.ageSeconds);
      const max = i18n.number(block.maxSeconds);
      return i18n._(
        msg({
          message: `The last price is ${age} s old (at most ${max} s allowed): orders wait for a fresh price.`,
          comment: "Why the contract order form is disabled; s = seconds",
        }),
      );
    }
  }
}

/** What the user reads when a contract command failed. */
export function commandErrorText(i18n: I18n, error: ContractCommandError): string {
  const said = error.refusal === null ? "" : refusalText(i18n, error.refusal);
  switch (error.kind) {
    case "offline":
      return i18n._(
        msg({
          message:
            "You are offline. Contract orders are placed only with a connection to the server.",
          comment: "Why a contract command failed",
        }),
      );
    case "invalid":
      return i18n._(
        msg({ message: "The order is incomplete.", comment: "Why a contract command failed" }),
      );
    case "refused":
      return said;
    case "market-stale":
      return i18n._(
        msg({
          message: "The server has no fresh price for this market right now. Try again shortly.",
          comment: "Why a contract command failed",
        }),
      );
    case "not-found":
      return i18n._(
        msg({
          message:
            "This order is no longer there in that state; the lists show what happened to it.",
          comment:
            "Why a contract close, cancel or target change failed: a trigger or another device got there first",
        }),
      );
    case "conflict":
      return said;
    case "rate-limited":
      return i18n._(
        msg({
          message: "Too many requests. Please wait a moment and try again.",
          comment: "Why a contract command failed",
        }),
      );
    case "no-answer":
      return i18n._(
        msg({
          message:
            "No answer from the server. Check your positions and orders below; trying again will not open a second one.",
          comment: "Why a contract command failed: the request may or may not have arrived",
        }),
      );
    default:
      return i18n._(
        msg({
          message: `The server could not take the order: ${said}`,
          comment:
            "Why a contract command failed; said is the server's refusal in the user's language",
        }),
      );
  }
}
