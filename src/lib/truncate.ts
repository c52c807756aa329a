// Shortens display text. Counting graphemes, not UTF-16 units, keeps emoji and Thai or
// Vietnamese combining marks whole; a cut through them renders as a broken glyph.
import { badInteger } from "./errors";
import { graphemes } from "./graphemes";

/**
 * `s` unchanged when it has at most `max` user-perceived characters; otherwise its start plus
 * `ellipsis`, `max` characters in all (the ellipsis counts). Whitespace just before the ellipsis
 * is dropped ("Hello …" would read as a separate word). When `max` leaves no room for any text,
 * the ellipsis alone, itself cut to `max`.
 */
export function truncate(s: string, max: number, ellipsis = "…"): string {
  if (!Number.isInteger(max) || max < 0) throw badInteger("max", max, 0, Infinity);
  // Reading one past max is enough to know whether s fits.
  const head = graphemes(s, max + 1);
  if (head.length <= max) return s;
  const marks = graphemes(ellipsis);
  const room = max - marks.length;
  if (room <= 0) return marks.slice(0, max).join("");
  return head.slice(0, room).join("").trimEnd() + ellipsis;
}
