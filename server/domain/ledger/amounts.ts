// Money amounts: integers (bigint) in the asset's smallest unit inside the server, decimal strings
// on the wire. Conversion is pure string arithmetic — a JS number never holds money (DESIGN §5).
import { invalid } from "../errors";

/** Unsigned decimal as a client may send it: digits, optionally a point and more digits. */
const DECIMAL = /^(\d{1,30})(?:\.(\d+))?$/;

/**
 * A client's decimal string in units of `scale` decimals. Anything else — a sign, an exponent,
 * spaces, more decimals than the asset has — is 400 VALIDATION naming `field`: rounding a
 * request silently would move a different amount than the one the user confirmed.
 */
export function parseAmount(value: unknown, scale: number, field: string): bigint {
  if (value === undefined || value === null || value === "") {
    throw invalid(field, "required", `Invalid body: "${field}" is required`);
  }
  if (typeof value !== "string") {
    // A JSON number has already been through a float; money travels as a decimal string.
    throw invalid(
      field,
      "format",
      `Invalid body: "${field}" must be a decimal string such as "100.5"`,
    );
  }
  const match = DECIMAL.exec(value);
  if (!match) {
    throw invalid(
      field,
      "format",
      `Invalid body: "${field}" must be a positive decimal number such as "100.5"`,
    );
  }
  const frac = match[2] ?? "";
  if (frac.length > scale) {
    throw invalid(
      field,
      "decimals",
      `Invalid body: "${field}" has more than ${scale} decimal places`,
      scale,
    );
  }
  return BigInt(match[1] + frac.padEnd(scale, "0"));
}

/** Units to the wire form: `1250500000n, 6` -> "1250.5"; trailing zeros dropped, sign kept. */
export function formatAmount(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/**
 * `units * numerator / denominator` in whole units, rounded by who receives it (DESIGN §5): fees
 * and debits round up, credits round down, so a rounding remainder never creates a unit the
 * other side did not give.
 */
export function mulDivUp(units: bigint, numerator: bigint, denominator: bigint): bigint {
  if (units < 0n || numerator < 0n || denominator <= 0n) throw new RangeError("mulDivUp: negative");
  const product = units * numerator;
  return (product + denominator - 1n) / denominator;
}

export function mulDivDown(units: bigint, numerator: bigint, denominator: bigint): bigint {
  if (units < 0n || numerator < 0n || denominator <= 0n) {
    throw new RangeError("mulDivDown: negative");
  }
  return (units * numerator) / denominator;
}
