// The order form's checks before the confirm step, so the user learns what is wrong next to the
// field instead of from a refusal: the limit price and the targets on the price step, the
// quantity on its step and at least the minimum, the value at least the terms' minimum, margin
// plus opening fee within the available USDT, and take-profit and stop-loss where the server's
// rule (protocol/contract.ts targetProblem) puts them, worded as its TARGET_INVALID refusal. The
// server checks all of it again and has the last word.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { USDT_SCALE } from "../../../protocol/assets";
import { liquidationPrice, targetProblem } from "../../../protocol/contract";
import { formatUnits } from "../../../protocol/decimal";
import { qtyString } from "../../../protocol/spot-rules";
import { formatMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { targetText } from "../../i18n/refusal-details";
import type { ContractFormState, FormQuote } from "./contract-draft";
import { priceText, priceUnits, unitsOf, usdtString, type ContractTerms } from "./contract-math";

export interface ContractFormErrors {
  price?: string;
  amount?: string;
  takeProfit?: string;
  stopLoss?: string;
}

export function validateContractOrder(
  i18n: I18n,
  form: ContractFormState,
  quote: FormQuote | null,
  terms: ContractTerms,
  available: string | null,
): ContractFormErrors {
  const errors: ContractFormErrors = {};
  const { rules } = terms;
  const locale = i18n.locale;
  const priceStep = formatPrice(priceText(rules.priceStep, rules), locale);
  const onStep = (units: bigint) => units % rules.priceStep === 0n;
  if (form.type === 1 && (quote === null || !onStep(quote.reference.price))) {
    errors.price =
      quote === null
        ? i18n._(
            msg({
              message: "Enter a price above zero.",
              comment: "Contract form: the limit price is missing",
            }),
          )
        : i18n._(
            msg({
              message: `The price moves in steps of ${priceStep}.`,
              comment: "Contract form: the limit price is off the market's price step",
            }),
          );
  }
  const amount = amountProblem(i18n, form, quote, terms, available);
  if (amount !== null) errors.amount = amount;
  if (quote === null) return errors;

  const entry = quote.reference.price;
  const level = (value: string) => (value.trim() === "" ? null : priceUnits(value));
  const badLevel = i18n._(
    msg({
      message: `Enter a price above zero, in steps of ${priceStep}, or leave it empty.`,
      comment: "Contract form: a take-profit or stop-loss price that cannot be read",
    }),
  );
  const tp = level(form.takeProfit);
  const sl = level(form.stopLoss);
  const readable = (units: bigint | null) => units !== null && units > 0n && onStep(units);
  if (form.takeProfit.trim() !== "" && !readable(tp)) errors.takeProfit = badLevel;
  if (form.stopLoss.trim() !== "" && !readable(sl)) errors.stopLoss = badLevel;
  // The server's rule (protocol targetProblem, its TARGET_INVALID refusal) in the refusal's own
  // words, each field on its own so both can show at once.
  const position = {
    direction: form.direction,
    entry,
    liquidationPrice: liquidationPrice(
      form.direction,
      entry,
      quote.leverage,
      terms.rates.mmr,
      rules,
    ),
  };
  const refused = (targets: { takeProfit: bigint | null; stopLoss: bigint | null }) => {
    const problem = targetProblem(position, targets);
    if (problem === null) return null;
    const { field, side, reference } = problem;
    return targetText(i18n, { field, side, reference, limit: priceText(problem.limit, rules) });
  };
  const tpRefused =
    errors.takeProfit === undefined && tp !== null
      ? refused({ takeProfit: tp, stopLoss: null })
      : null;
  if (tpRefused !== null) errors.takeProfit = tpRefused;
  const slRefused =
    errors.stopLoss === undefined && sl !== null
      ? refused({ takeProfit: null, stopLoss: sl })
      : null;
  if (slRefused !== null) errors.stopLoss = slRefused;
  return errors;
}

function amountProblem(
  i18n: I18n,
  form: ContractFormState,
  quote: FormQuote | null,
  terms: ContractTerms,
  available: string | null,
): string | null {
  const { rules } = terms;
  const locale = i18n.locale;
  const base = rules.base;
  if (form.amount.trim() === "") {
    return i18n._(
      msg({
        message: "Enter a quantity.",
        comment: "Contract form: the quantity (or value) is missing",
      }),
    );
  }
  const quantity = quote?.quantity ?? null;
  if (quantity === null || quantity <= 0n) {
    return i18n._(
      msg({
        message: "Enter a quantity above zero.",
        comment: "Contract form: the quantity rounds to nothing",
      }),
    );
  }
  if (quantity % rules.qtyStep !== 0n) {
    const step = formatMoney(qtyString(rules.qtyStep, rules), locale);
    return i18n._(
      msg({
        message: `The quantity moves in steps of ${step} ${base}.`,
        comment: "Contract form: quantity off its step; base is a coin like BTC",
      }),
    );
  }
  if (quantity < rules.minQty) {
    const min = formatMoney(qtyString(rules.minQty, rules), locale);
    return i18n._(
      msg({
        message: `The quantity is at least ${min} ${base}.`,
        comment: "Contract form: quantity below the market's minimum; base is a coin like BTC",
      }),
    );
  }
  const estimate = quote?.estimate ?? null;
  if (estimate === null) return null;
  if (estimate.value < terms.minValue) {
    const min = formatMoney(usdtString(terms.minValue), locale);
    return i18n._(
      msg({
        message: `The value (price × quantity) is at least ${min} USDT.`,
        comment: "Contract form: the position is below the minimum value",
      }),
    );
  }
  const held = available === null ? null : unitsOf(available, USDT_SCALE);
  const needed = estimate.margin + estimate.fee;
  if (held !== null && needed > held) {
    const have = formatMoney(formatUnits(held, USDT_SCALE), locale);
    const need = formatMoney(usdtString(needed), locale);
    return i18n._(
      msg({
        message: `Insufficient available balance: ${have} USDT available, ${need} USDT needed for the margin and the opening fee.`,
        comment: "Contract form: margin plus opening fee exceed the available USDT",
      }),
    );
  }
  return null;
}
