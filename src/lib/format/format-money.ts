// Money on screen from its decimal string, digit for digit (src/lib/number.ts lays it out on
// bigint); a value that is not a decimal string is shown as it came rather than breaking a row.
import { compare, isDecimalString } from "../../../protocol/decimal";
import { formatThousands } from "../number";

/** "1250.5" -> "1,250.5" (en); every decimal the ledger wrote is kept. */
export function formatMoney(value: string, locale: string): string {
  return isDecimalString(value) ? formatThousands(value, locale) : value;
}

/** A bill's amount with its sign always shown: "+1,000", "-12.5", "0". */
export function formatSignedMoney(value: string, locale: string): string {
  if (!isDecimalString(value)) return value;
  const text = formatThousands(value, locale);
  return compare(value, "0") > 0 ? `+${text}` : text;
}

export type MoneyDirection = "in" | "out" | "none";

export function moneyDirection(value: string): MoneyDirection {
  if (!isDecimalString(value)) return "none";
  const sign = compare(value, "0");
  return sign > 0 ? "in" : sign < 0 ? "out" : "none";
}
