// Every refusal the server can send, worded in the user's language from its code and params
// (protocol/refusals.ts), and the app's own failures (no answer, too slow, not an envelope...).
// The English `Message` of the envelope is never shown: a code the app does not know yet falls
// back to a generic sentence plus the code, never to the server's English.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ErrorCode, ErrorParams } from "../../protocol";
import type { Refusal, RefusalParams } from "../../protocol/refusals";
import { formatMoney } from "../lib/format/format-money";
import { conflictText, targetText, validationText } from "./refusal-details";
import { QUANT_WORDING } from "./refusal-quant";
import { formatPrice } from "../lib/format/format-price";
import { intlLocale } from "../lib/intl-locale";

/**
 * The app's own failure codes: no answer, no answer in time, an answer that is not an envelope,
 * a sign-out before the answer (src/api/client.ts), and an outbox entry that cannot be sent from
 * this device (a file gone).
 */
export const APP_ERROR_CODES = [
  "NETWORK",
  "TIMEOUT",
  "BAD_RESPONSE",
  "UNSENDABLE",
  "SESSION_ENDED",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/**
 * The one identity rule for withdrawals: the server's IDENTITY_REQUIRED refusal, and what /verified
 * and /withdrawal say — one sentence, translated once.
 */
export const WITHDRAWAL_IDENTITY_RULE = msg`You can always withdraw to your own signed-in wallet. Withdrawals to any other address need a verified identity.`;

/**
 * The seed's sentence while an option is open: the server's PREVIOUS_ORDER_OPEN refusal and the
 * options screen's reason for not buying — one sentence, translated once.
 */
export const PREVIOUS_ORDER_OPEN_TEXT = msg({
  message: "Please complete the previous order first",
  comment:
    "Shown while the user's previous rise/fall option is still open. The seed requires this sentence translated in every language (in jp a Japanese sentence), never left in English.",
});

type Wording = {
  [C in ErrorCode | AppErrorCode]: (
    i18n: I18n,
    params: C extends ErrorCode ? RefusalParams<C> : ErrorParams,
  ) => string;
};

const WORDING: Wording = {
  BAD_REQUEST: (i18n) => i18n._(msg`The server could not understand this request.`),
  VALIDATION: validationText,
  BAD_JSON: (i18n) => i18n._(msg`The server could not read this request.`),
  PAYLOAD_TOO_LARGE: (i18n) => i18n._(msg`This is too large to send.`),
  HEADERS_TOO_LARGE: (i18n) => i18n._(msg`This request is too long to send.`),
  REQUEST_TIMEOUT: (i18n) =>
    i18n._(msg`The request did not reach the server in time. Please try again.`),
  UNSUPPORTED_MEDIA_TYPE: (i18n) =>
    i18n._(msg`This file type is not accepted. Images must be JPEG, PNG or WebP.`),
  UNAUTHORIZED: (i18n) =>
    i18n._(msg`You are not signed in, or the sign-in was not accepted. Please sign in again.`),
  ACCOUNT_LOCKED: (i18n) => i18n._(msg`Your account is locked`),
  FORBIDDEN: (i18n) => i18n._(msg`You are not allowed to do this.`),
  NOT_FOUND: (i18n) => i18n._(msg`Not found: it may have been removed.`),
  METHOD_NOT_ALLOWED: (i18n) => i18n._(msg`The server does not allow this request.`),
  CONFLICT: conflictText,
  IDEMPOTENCY_MISMATCH: (i18n) =>
    i18n._(msg`This request was already sent with different details. Please start again.`),
  INSUFFICIENT_BALANCE: (i18n, params) => {
    if (!("available" in params)) return i18n._(msg`Insufficient available balance`);
    const available = formatMoney(params.available, i18n.locale);
    const needed = formatMoney(params.needed, i18n.locale);
    const asset = params.asset;
    return i18n._(
      msg`Insufficient available balance: ${available} ${asset} available, ${needed} ${asset} needed.`,
    );
  },
  BELOW_MINIMUM: (i18n, params) => {
    if (!("minimum" in params)) return i18n._(msg`Not less than the minimum amount`);
    const minimum = formatMoney(params.minimum, i18n.locale);
    const asset = params.asset;
    return i18n._(msg`Not less than the minimum amount: at least ${minimum} ${asset}.`);
  },
  PREVIOUS_ORDER_OPEN: (i18n) => i18n._(PREVIOUS_ORDER_OPEN_TEXT),
  NOT_YOUR_TRANSFER: (i18n, params) => {
    const from = params.from;
    return i18n._(
      msg`This transfer was sent from ${from}, another user's wallet: only the account of the wallet that sent it is credited with it.`,
    );
  },
  TRANSFER_MISMATCH: (i18n, params) =>
    params.reason === "reverted"
      ? i18n._(msg`This transaction failed on chain (it was reverted): nothing was transferred.`)
      : i18n._(
          msg`This transaction does not hold the USDT transfer to the deposit address you described.`,
        ),
  DESTINATION_NOT_ALLOWED: (i18n, params) => {
    switch (params.destination) {
      case "zero-address":
        return i18n._(
          msg`You cannot withdraw to the zero address: USDT sent there is lost for good.`,
        );
      case "token-contract":
        return i18n._(
          msg`You cannot withdraw to the USDT contract itself: tokens sent to it are lost for good.`,
        );
      default:
        return i18n._(
          msg`You cannot withdraw to the platform's own deposit or hot-wallet address: the USDT would only loop back.`,
        );
    }
  },
  RATE_LIMITED: (i18n, params) => {
    if (!("retryAfterSeconds" in params)) {
      return i18n._(msg`Too many requests. Please try again later.`);
    }
    const seconds = i18n.number(params.retryAfterSeconds);
    return i18n._(msg`Too many requests. Please try again in ${seconds} s.`);
  },
  QUOTA_EXCEEDED: (i18n, params) => {
    // A row stored by an older server may lack the params: the limit is then left out.
    if (typeof params.count !== "number")
      return i18n._(msg`Too many requests. Please try again later.`);
    const count = i18n.number(params.count);
    const megabytes = i18n.number(params.megabytes);
    return i18n._(
      msg`Daily upload limit reached: at most ${count} images or ${megabytes} MB in 24 hours. Please try again later.`,
    );
  },
  INVALID_IMAGE: (i18n) => i18n._(msg`The image could not be read; it may be damaged.`),
  IMAGE_TOO_LARGE: (i18n, params) => {
    if (typeof params.megapixels !== "number") return i18n._(msg`This is too large to send.`);
    const megapixels = i18n.number(params.megapixels);
    return i18n._(msg`The image has too many pixels: at most ${megapixels} megapixels.`);
  },
  OFFLINE_FEATURE: (i18n) => i18n._(msg`This works only with a connection to the server.`),
  DEMO_ONLY: (i18n) => i18n._(msg`This exists only on a demo server.`),
  IDENTITY_REQUIRED: (i18n) => i18n._(WITHDRAWAL_IDENTITY_RULE),
  UNAVAILABLE: (i18n, params) => {
    const part = "part" in params ? params.part : "server";
    if (part === "chain") {
      return i18n._(msg`The blockchain connection is not ready yet. Please try again shortly.`);
    }
    if (part === "hot-wallet") {
      return i18n._(
        msg`Withdrawals cannot be sent right now: the server's sending wallet is not available.`,
      );
    }
    return i18n._(msg`The server is not ready for this yet. Please try again shortly.`);
  },
  MARKET_STALE: (i18n) =>
    i18n._(msg`There is no fresh market price right now. Please try again in a moment.`),
  INTERNAL: (i18n) => i18n._(msg`Something went wrong on the server. Please try again.`),
  // operators' second factor (the console's sign-in)
  SECOND_FACTOR_REQUIRED: (i18n) =>
    i18n._(msg`Enter the code from your authenticator app to finish signing in.`),
  SECOND_FACTOR_INVALID: (i18n, p) =>
    p.reason === "reused"
      ? i18n._(msg`This code was already used. Wait for the next code and try again.`)
      : i18n._(msg`This code is not correct. Please check it and try again.`),
  // spot: a rejected market order's reason (stored with the order).
  BOOK_EMPTY: (i18n, p) => {
    // A refusal stored without its params (an older row) still gets a sentence of its own.
    if (typeof p.symbol !== "string")
      return i18n._(msg`The order book has no offers on this side.`);
    const symbol = p.symbol;
    return p.side === "ask"
      ? i18n._(msg`Nobody is selling ${symbol} right now: the order book has no asks.`)
      : i18n._(msg`Nobody is buying ${symbol} right now: the order book has no bids.`);
  },
  BOOK_TOO_THIN: (i18n, p) => {
    if (typeof p.held !== "string" || typeof p.needed !== "string") {
      return i18n._(msg`The order book does not hold enough for this order.`);
    }
    const held = formatMoney(p.held, i18n.locale);
    const needed = formatMoney(p.needed, i18n.locale);
    const base = p.base;
    return p.side === "ask"
      ? i18n._(
          msg`The order book offers only ${held} ${base} for sale; this order needs ${needed}.`,
        )
      : i18n._(msg`The order book bids for only ${held} ${base}; this order needs ${needed}.`);
  },
  SLIPPAGE_EXCEEDED: (i18n, p) => {
    if (typeof p.average !== "string" || typeof p.best !== "string") {
      return i18n._(
        msg`The average price would be too far from the best price for a market order.`,
      );
    }
    const average = formatPrice(p.average, i18n.locale);
    const best = formatPrice(p.best, i18n.locale);
    const worse = percent(p.worsePercent, i18n.locale);
    const cap = percent(p.capPercent, i18n.locale);
    return p.side === "ask"
      ? i18n._(
          msg`The average price ${average} would be ${worse} above the best ask ${best}; market orders fill only within ${cap} of the best price.`,
        )
      : i18n._(
          msg`The average price ${average} would be ${worse} below the best bid ${best}; market orders fill only within ${cap} of the best price.`,
        );
  },
  NOT_OFFERED: (i18n) =>
    i18n._(
      msg({
        message: "Contract trading is not offered on this server.",
        comment: "The operator has not configured contract (leveraged) trading on this server.",
      }),
    ),
  LIMIT_WOULD_FILL: (i18n, p) => {
    if (typeof p.best !== "string") {
      return i18n._(
        msg({
          message: "The market already reaches your limit price: use a market order.",
          comment: "A contract limit order refused because the market is already at its price.",
        }),
      );
    }
    const best = formatPrice(p.best, i18n.locale);
    return p.side === "bid"
      ? i18n._(
          msg({
            message: `The best bid ${best} already reaches your limit price: use a market order, it fills at the better price.`,
            comment:
              "A contract short limit order refused because the market is already at or better than its price.",
          }),
        )
      : i18n._(
          msg({
            message: `The best ask ${best} already reaches your limit price: use a market order, it fills at the better price.`,
            comment:
              "A contract long limit order refused because the market is already at or better than its price.",
          }),
        );
  },
  TARGET_INVALID: targetText,
  ...QUANT_WORDING,
  NETWORK: (i18n) => i18n._(msg`Network Error`),
  TIMEOUT: (i18n) => i18n._(msg`The server did not answer in time. Please try again.`),
  BAD_RESPONSE: (i18n) => i18n._(msg`Has Error`),
  SESSION_ENDED: (i18n) => i18n._(msg`You signed out before the server answered.`),
  UNSENDABLE: (i18n) =>
    i18n._(msg`This cannot be sent from this device any more: something it needs is gone.`),
};

/** Whether the app has a wording for this code (a stored refusal may be of any code). */
export function isWordedCode(code: string): code is ErrorCode | AppErrorCode {
  return Object.hasOwn(WORDING, code);
}

/**
 * A refusal in the user's language: an error of the API client, an outbox row's stored failure,
 * anything with a code and params.
 */
export function refusalText(
  i18n: I18n,
  refusal: Refusal | { code: string; params: ErrorParams },
): string {
  const code = refusal.code;
  if (!isWordedCode(code)) return i18n._(msg`The server refused this request (${code}).`);
  const word = WORDING[code] as (i18n: I18n, params: ErrorParams) => string;
  return word(i18n, refusal.params);
}

/** Whether an error (the API client's, or any thrown value) carries a refusal the app words. */
export function isRefusal(error: unknown): error is { code: string; params: ErrorParams } {
  if (typeof error !== "object" || error === null) return false;
  const { code, params } = error as { code?: unknown; params?: unknown };
  return (
    typeof code === "string" && isWordedCode(code) && typeof params === "object" && params !== null
  );
}

/** "10.77" (percent) as the locale writes it, "10.77 %" or "10,77 %". */
function percent(value: string, locale: string): string {
  // A share of a price, shown and never computed with: a float is fine here.
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "percent",
    maximumFractionDigits: 2,
  }).format(Number(value) / 100);
}
