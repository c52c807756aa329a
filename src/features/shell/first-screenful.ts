// The part of a screen the copy keeps (screen-html-snapshot.ts): what lies within the first
// screenful and a little more. A copy is painted at the top of the page and replaced by the live
// app within a second, and laying out and painting a whole long screen (/home is ~9 screens tall)
// was most of the copy's cost (bench/README.md § offline-start): below that, nothing is copied.

/** How far down the copy reaches, in viewport heights. */
export const SCREENFULS = 1.25;

/**
 * `app`'s HTML without the elements that start below `limit` (px from the top of the page): a
 * kept element that reaches below it keeps its children down to the limit; fixed elements (the
 * tab bar) are always kept. Later siblings are the ones removed, so nothing kept moves.
 */
export function firstScreenfulHtml(app: Element, limit: number, scrollY: number): string {
  const copy = app.cloneNode(true) as Element;
  const trim = (live: Element, copied: Element) => {
    const liveChildren = [...live.children];
    const copiedChildren = [...copied.children];
    liveChildren.forEach((child, index) => {
      const copiedChild = copiedChildren[index];
      if (copiedChild === undefined) return;
      const rect = child.getBoundingClientRect();
      const top = rect.top + scrollY;
      const bottom = rect.bottom + scrollY;
      // An element without a box (display: none or contents) tells nothing: kept whole.
      if (rect.width === 0 && rect.height === 0) return;
      if (top > limit) {
        if (getComputedStyle(child).position !== "fixed") copiedChild.remove();
        return;
      }
      if (bottom > limit) trim(child, copiedChild);
    });
  };
  trim(app, copy);
  return copy.innerHTML;
}
