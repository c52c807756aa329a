// Decimal-string money arithmetic (parse, add, multiply with rounding, format) against the raw
// bigint operations it is built on: the price of never using a float.
import { add, formatUnits, multiply, parseUnits } from "../protocol/decimal";
import { measure, report } from "./measure";

export async function benchMoney(): Promise<void> {
  const baseline = await measure("bigint", () => {
    const a = 1234567890123n;
    const b = 987654321n;
    return ((a + b) * 3n) / 2n;
  });
  const subject = await measure("decimal strings", () => {
    const sum = add("1234567.890123", "987.654321", 6);
    const fee = multiply(sum, "0.001", 6, "up");
    return formatUnits(parseUnits(fee, 6), 6);
  });
  report("money", subject, baseline);
}
