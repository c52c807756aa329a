// The checks a spot order's price and quantity must pass, as data: the server refuses a body that
// fails one (server/domain/spot/order-input.ts words it in English) and the order form shows the
// same failure in the user's language (src/features/spot/validate-spot-order.ts), so both accept
// exactly the same orders. A step is one unit at the symbol's scale, so "in steps" means "no more
// decimals than the scale" once trailing zeros are dropped ("0.10" at scale 1 is fine).
import { parseUnits } from "./decimal";
import { USDT_SCALE } from "./assets";
import { qtyString, type SpotRules } from "./spot-rules";

export type OrderField = "price" | "number";

/** Why a price or quantity is refused; `limit` names the bound where there is one. */
export type OrderCheckFailure =
  | { field: OrderField; rule: "required" }
  /** Not a string: a JSON number has been through a float (the form always has text). */
  | { field: OrderField; rule: "not-text" }
  /** Not an unsigned decimal of at most 30 whole digits. */
  | { field: OrderField; rule: "format" }
  /** Finer than the symbol's step; `limit` is the number of decimals allowed. */
  | { field: OrderField; rule: "step"; limit: number }
  | { field: OrderField; rule: "positive" }
  | { field: OrderField; rule: "too-large" }
  /** Below the symbol's minimum quantity; `limit` is it, at the quantity scale. */
  | { field: "number"; rule: "minimum"; limit: string };

export type OrderCheck = { ok: true; units: bigint } | { ok: false; failure: OrderCheckFailure };

/** Far beyond any real order; keeps every product inside numeric(38, 0). */
const MAX_WHOLE = 10n ** 15n;

/** Unsigned decimal as a client may send it: digits, optionally a point and more digits. */
const DECIMAL = /^(\d{1,30})(?:\.(\d+))?$/;

function fail(failure: OrderCheckFailure): OrderCheck {
  return { ok: false, failure };
}

/** `value` in units of `step` per 1/10^scale, or why not. */
function stepped(
  value: unknown,
  field: OrderField,
  scale: number,
  step: bigint,
  max: bigint,
): OrderCheck {
  if (value === undefined || value === null || value === "")
    return fail({ field, rule: "required" });
  if (typeof value !== "string") return fail({ field, rule: "not-text" });
  const match = /^(\d+)\.(\d+)$/.exec(value);
  let text = value;
  if (match) {
    const frac = (match[2] ?? "").replace(/0+$/, "");
    if (frac.length > scale) return fail({ field, rule: "step", limit: scale });
    text = frac === "" ? (match[1] ?? "") : `${match[1]}.${frac}`;
  }
  if (!DECIMAL.test(text)) return fail({ field, rule: "format" });
  const units = parseUnits(text, scale) * step;
  if (units === 0n) return fail({ field, rule: "positive" });
  if (units > max) return fail({ field, rule: "too-large" });
  return { ok: true, units };
}

/** A limit price: USDT units per whole base coin. */
export function checkOrderPrice(value: unknown, rules: SpotRules): OrderCheck {
  const max = MAX_WHOLE * 10n ** BigInt(USDT_SCALE);
  return stepped(value, "price", rules.priceScale, rules.priceStep, max);
}

/** An order's quantity: base units, at least the symbol's minimum. */
export function checkOrderNumber(value: unknown, rules: SpotRules): OrderCheck {
  const max = MAX_WHOLE * 10n ** BigInt(rules.baseScale);
  const checked = stepped(value, "number", rules.qtyScale, rules.qtyStep, max);
  if (checked.ok && checked.units < rules.minQty) {
    return fail({ field: "number", rule: "minimum", limit: qtyString(rules.minQty, rules) });
  }
  return checked;
}
