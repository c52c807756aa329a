// What a decimal field keeps of what was typed or pasted: a plain decimal ("12", "12.5", ".5",
// "12.") with at most `scale` decimals, or null to keep the previous value. Pasted amounts carry
// spaces and group separators ("1 000.50", "1,000.50", "1.000,50"): when both "." and "," appear
// the last one is the decimal mark and the other must group by threes. A lone "," is a decimal mark
// (the decimal keypad of many locales has no "."). Signs, exponents and letters are refused: an
// amount typed here is never negative.
const WHITESPACE = /[\s\u00a0\u202f]/g;
const PLAIN = /^\d*(?:\.(\d*))?$/;

function groupedBy(integer: string, group: string): boolean {
  const parts = integer.split(group);
  const [head, ...rest] = parts;
  return /^\d{1,3}$/.test(head ?? "") && rest.every((part) => /^\d{3}$/.test(part));
}

function ungrouped(text: string): string | null {
  const dot = text.lastIndexOf(".");
  const comma = text.lastIndexOf(",");
  if (dot < 0 && comma < 0) return text;
  const mark = dot > comma ? "." : ",";
  const group = mark === "." ? "," : ".";
  const at = text.lastIndexOf(mark);
  const integer = text.slice(0, at);
  const fraction = text.slice(at + 1);
  if (integer.includes(mark)) {
    // "1,000,000": the same sign more than once only groups; "1.5." is a slip, refused.
    return groupedBy(text, mark) ? text.split(mark).join("") : null;
  }
  if (integer.includes(group)) {
    return groupedBy(integer, group) ? `${integer.split(group).join("")}.${fraction}` : null;
  }
  return `${integer}.${fraction}`;
}

export function plainDecimal(raw: string, scale: number): string | null {
  const value = ungrouped(raw.replace(WHITESPACE, ""));
  if (value === null) return null;
  const match = PLAIN.exec(value);
  if (match === null) return null;
  const decimals = match[1];
  if (decimals !== undefined && (decimals.length > scale || scale === 0)) return null;
  return value;
}
