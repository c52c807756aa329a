// A client's money amount: a decimal string read into ledger units (protocol/decimal.ts) with the
// stricter rules of a request — unsigned, at most 30 whole digits, no more decimals than the asset
// has — and a refusal naming the field, because rounding a request silently would move a different
// amount than the one the user confirmed.
import { parseUnits } from "../../../protocol/decimal";
import { invalid } from "../errors";

/** Unsigned decimal as a client may send it: digits, optionally a point and more digits. */
const DECIMAL = /^(\d{1,30})(?:\.(\d+))?$/;

/**
 * A client's decimal string in units of `scale` decimals. Anything else — a sign, an exponent,
 * spaces, more decimals than the asset has — is a VALIDATION refusal naming `field`.
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
  if ((match[2] ?? "").length > scale) {
    throw invalid(
      field,
      "decimals",
      `Invalid body: "${field}" has more than ${scale} decimal places`,
      scale,
    );
  }
  return parseUnits(value, scale);
}
