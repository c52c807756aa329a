// What a failed verification says, worded in the user's language from the verifier's failure
// codes and parameters (protocol/options-verify.ts): exactly what did not check out.
import { useLingui } from "@lingui/react/macro";
import type { OptionResult } from "../../../protocol/options";
import type { OptionVerifyFailure, TickField } from "../../../protocol/options-verify";

export function useOptionVerifyText(): (failure: OptionVerifyFailure) => string {
  const { t } = useLingui();
  const none = t`none`;
  const resultName = (result: string): string => {
    const names: Record<OptionResult, string> = {
      win: t`win`,
      lose: t`loss`,
      tie: t`tie`,
      void: t`void`,
    };
    return names[result as OptionResult] ?? result;
  };
  const fieldName = (field: TickField): string =>
    ({ seq: t`number`, price: t`price`, ts: t`time`, hash: t`hash` })[field];

  return (failure) => {
    switch (failure.kind) {
      case "not-settled":
        return t`This order is not settled yet.`;
      case "malformed-order": {
        const field = {
          number: t`stake`,
          fee: t`fee`,
          payoutRate: t`payout rate`,
          profit: t`profit`,
        }[failure.field];
        return t`The order's stored ${field} cannot be read.`;
      }
      case "expiry-mismatch": {
        const { seconds } = failure;
        return t`The expiry is not ${seconds} s after the purchase time.`;
      }
      case "wrong-symbol": {
        const { seq, symbol } = failure;
        return t`Tick ${seq} belongs to ${symbol}, not to this order's market.`;
      }
      case "seq-repeated": {
        const { seq } = failure;
        return t`Tick ${seq} was served twice with different contents.`;
      }
      case "ts-backwards": {
        const { seq } = failure;
        return t`Tick ${seq} is dated before the tick it follows.`;
      }
      case "seq-gap": {
        const { afterSeq, nextSeq } = failure;
        return t`Ticks between ${afterSeq} and ${nextSeq} are missing.`;
      }
      case "hash-mismatch": {
        const { seq } = failure;
        return t`Tick ${seq} was changed after it was recorded: its hash does not match its contents.`;
      }
      case "start-not-covered": {
        const first = failure.firstSeq ?? none;
        return t`The recorded ticks up to the purchase time are not available (first tick served: ${first}).`;
      }
      case "end-not-covered": {
        const last = failure.lastSeq ?? none;
        const { headSeq } = failure;
        return t`The recorded ticks after the expiry are not available (last tick served: ${last}, chain head: ${headSeq}).`;
      }
      case "head-behind": {
        const { headSeq, seq } = failure;
        return t`The chain head (tick ${headSeq}) is older than tick ${seq}.`;
      }
      case "head-mismatch": {
        const { seq } = failure;
        return t`The chain head disagrees with tick ${seq}.`;
      }
      case "tick-mismatch": {
        const stored = failure.stored ?? none;
        const served = failure.served ?? none;
        if (failure.field === "seq") {
          return failure.tick === "entry"
            ? t`The stored entry tick is ${stored}, but the first tick after the purchase time is ${served}.`
            : t`The stored exit tick is ${stored}, but the last tick at or before the expiry is ${served}.`;
        }
        const field = fieldName(failure.field);
        return failure.tick === "entry"
          ? t`The stored entry tick's ${field} is ${stored}; the recorded tick's is ${served}.`
          : t`The stored exit tick's ${field} is ${stored}; the recorded tick's is ${served}.`;
      }
      case "price-mismatch": {
        const stored = failure.stored ?? none;
        const tick = failure.tick ?? none;
        return failure.price === "buy"
          ? t`The buy price ${stored} is not the entry tick's price ${tick}.`
          : t`The sell price ${stored} is not the exit tick's price ${tick}.`;
      }
      case "result-mismatch": {
        const stored = resultName(failure.stored);
        const computed = resultName(failure.computed);
        return t`The stored result is ${stored}, but the recorded ticks give ${computed}.`;
      }
      case "profit-mismatch": {
        const { stored, computed } = failure;
        return t`The stored profit is ${stored} USDT, but the rule gives ${computed} USDT.`;
      }
    }
  };
}
