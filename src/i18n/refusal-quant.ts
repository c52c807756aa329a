// The quant plans' and the lab's refusals in the user's language (protocol/refusals.ts, issue 20).
// Params may be missing on a stored refusal of an older build: each still gets a sentence.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RefusalParams } from "../../protocol/refusals";
import { formatMoney } from "../lib/format/format-money";

export const QUANT_WORDING = {
  PLAN_LEVEL_TOO_LOW: (i18n: I18n, p: RefusalParams<"PLAN_LEVEL_TOO_LOW">) => {
    const required = typeof p.required === "number" ? p.required : "?";
    const level = typeof p.level === "number" ? p.level : "?";
    return i18n._(
      msg({
        message: `This plan needs credit level ${required}; your level is ${level}.`,
        comment: "An AI quant plan above the user's credit level (0-4).",
      }),
    );
  },
  PLAN_AMOUNT_OUT_OF_RANGE: (i18n: I18n, p: RefusalParams<"PLAN_AMOUNT_OUT_OF_RANGE">) => {
    if (typeof p.minimum !== "string" || typeof p.maximum !== "string") {
      return i18n._(msg`This amount is outside the plan's range.`);
    }
    const minimum = formatMoney(p.minimum, i18n.locale);
    const maximum = formatMoney(p.maximum, i18n.locale);
    return i18n._(msg`This plan takes from ${minimum} to ${maximum} USDT.`);
  },
  PLAN_QUOTA_EXCEEDED: (i18n: I18n, p: RefusalParams<"PLAN_QUOTA_EXCEEDED">) => {
    if (typeof p.available !== "string") {
      return i18n._(msg`This amount is above what your plan quota leaves.`);
    }
    const available = formatMoney(p.available, i18n.locale);
    return i18n._(msg`Your plan quota leaves ${available} USDT for new plans.`);
  },
  JOBS_LIMIT: (i18n: I18n, p: RefusalParams<"JOBS_LIMIT">) => {
    const limit = typeof p.limit === "number" ? p.limit : "?";
    return i18n._(
      msg`You have ${limit} backtests or optimisations waiting already. Please wait for one to finish.`,
    );
  },
};
