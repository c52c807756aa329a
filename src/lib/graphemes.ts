// Splits text into user-perceived characters. Cutting by UTF-16 code units would break emoji
// (surrogate pairs, ZWJ families, flags) and detach Thai or Vietnamese combining marks.
let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of `s`, in order; at most `limit` of them when a limit is given. */
export function graphemes(s: string, limit = Infinity): string[] {
  // Grapheme rules do not depend on the locale, so one shared instance serves every caller.
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const out: string[] = [];
  for (const { segment } of segmenter.segment(s)) {
    if (out.length >= limit) break;
    out.push(segment);
  }
  return out;
}
