// Decimal strings at a fixed scale, the only form a price or quantity leaves the market module in.
// Floats may drive the random walk; crossing into a stored or served value goes through here.

/** Rounds a finite, non-negative float to `scale` decimals (half away from zero), as a string. */
export function toScaled(value: number, scale: number): string {
  if (!Number.isFinite(value) || value < 0) throw new Error(`Not a valid amount: ${value}`);
  return formatUnits(BigInt(Math.round(value * 10 ** scale)), scale);
}

/** `12345n, 2` -> "123.45" */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? "-" : ""}${whole}${scale > 0 ? `.${frac}` : ""}`;
}

/** "123.45", 2 -> 12345n. Accepts fewer decimals than `scale`; rejects more. */
export function parseUnits(value: string, scale: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new Error(`Not a decimal: "${value}"`);
  const frac = match[3] ?? "";
  if (frac.length > scale) throw new Error(`"${value}" has more than ${scale} decimals`);
  const units = BigInt(match[2] + frac.padEnd(scale, "0"));
  return match[1] === "-" ? -units : units;
}
