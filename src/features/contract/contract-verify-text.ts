// What a failed contract verification says, worded in the user's language from the verifier's
// failure codes and parameters (protocol/contract-verify.ts): exactly what did not check out.
import { useLingui } from "@lingui/react/macro";
import type { ContractTrigger } from "../../../protocol/contract";
import type { ContractVerifyFailure } from "../../sync/contract-verify";

export function useContractVerifyText(): (failure: ContractVerifyFailure) => string {
  const { t } = useLingui();
  const triggerName = (trigger: ContractTrigger | string | null): string => {
    switch (trigger) {
      case "liquidation":
        return t({ message: "liquidation", comment: "Contract Verify: a trigger's name" });
      case "take-profit":
        return t({ message: "take-profit", comment: "Contract Verify: a trigger's name" });
      case "stop-loss":
        return t({ message: "stop-loss", comment: "Contract Verify: a trigger's name" });
      default:
        return t({ message: "none", comment: "Contract Verify: no trigger fires at that tick" });
    }
  };

  return (failure) => {
    switch (failure.kind) {
      case "not-triggered":
        return t({
          message: "No recorded tick closed this order, so there is nothing to verify.",
          comment: "Contract Verify on an order its user closed or cancelled",
        });
      case "malformed-order": {
        const { field } = failure;
        return t({
          message: `The order's stored ${field} cannot be read.`,
          comment: "Contract Verify failure; field is the order's field name (price, margin…)",
        });
      }
      case "wrong-symbol": {
        const { seq, symbol } = failure;
        return t({
          message: `Tick ${seq} belongs to ${symbol}, not to this order's market.`,
          comment: "Contract Verify failure",
        });
      }
      case "seq-repeated": {
        const { seq } = failure;
        return t({
          message: `Tick ${seq} was served twice with different contents.`,
          comment: "Contract Verify failure",
        });
      }
      case "ts-backwards": {
        const { seq } = failure;
        return t({
          message: `Tick ${seq} is dated before the tick it follows.`,
          comment: "Contract Verify failure",
        });
      }
      case "seq-gap": {
        const { afterSeq, nextSeq } = failure;
        return t({
          message: `Ticks between ${afterSeq} and ${nextSeq} are missing.`,
          comment: "Contract Verify failure",
        });
      }
      case "hash-mismatch": {
        const { seq } = failure;
        return t({
          message: `Tick ${seq} was changed after it was recorded: its hash does not match its contents.`,
          comment: "Contract Verify failure",
        });
      }
      case "tick-missing": {
        const { seq } = failure;
        return failure.tick === "open"
          ? t({
              message: `The opening tick ${seq} is not in the served record.`,
              comment: "Contract Verify failure",
            })
          : t({
              message: `The closing tick ${seq} is not in the served record.`,
              comment: "Contract Verify failure",
            });
      }
      case "close-tick-mismatch": {
        const { stored, served } = failure;
        return t({
          message: `The stored closing tick says ${stored}; the recorded tick says ${served}.`,
          comment:
            "Contract Verify failure: a field (price, time or hash) of the closing tick differs",
        });
      }
      case "earlier-trigger": {
        const { seq } = failure;
        const trigger = triggerName(failure.trigger);
        return t({
          message: `Tick ${seq}, before the closing tick, already reached the ${trigger} level.`,
          comment: "Contract Verify failure; trigger is liquidation, take-profit or stop-loss",
        });
      }
      case "trigger-mismatch": {
        const stored = triggerName(failure.stored);
        const computed = triggerName(failure.computed);
        return t({
          message: `The order says ${stored}, but at the closing tick the rule gives ${computed}.`,
          comment: "Contract Verify failure; both are trigger names",
        });
      }
      case "price-mismatch": {
        const { stored, tick } = failure;
        return t({
          message: `The close price ${stored} is not the closing tick's price ${tick}.`,
          comment: "Contract Verify failure",
        });
      }
      case "pnl-mismatch": {
        const { stored, computed } = failure;
        return t({
          message: `The stored pnl is ${stored} USDT, but the rule gives ${computed} USDT.`,
          comment: "Contract Verify failure",
        });
      }
    }
  };
}
