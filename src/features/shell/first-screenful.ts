// The part of a screen a person sees when it opens: what the offline start's copy keeps
// (screen-html-snapshot.ts). Everything the copy holds is parsed, styled, laid out and painted
// before the first frame, so markup below the first screenful only delays it (bench/README.md §
// offline-start: /home's whole copy cost 2.3× the empty page, its first screenful 1.7×). The
// live app renders the whole screen a moment later.

/**
 * How far below the first screenful elements are kept, as a share of the viewport's height: a
 * phone's viewport grows when its toolbars hide, and another start may have another window.
 */
const MARGIN = 0.25;

/**
 * `root`'s inner HTML without the elements that start below the first screenful of the document
 * (scrolled to the top, as a new start is), measured in `root`'s laid-out document. Fixed and
 * sticky elements stay whole wherever the page was scrolled: they show in every screenful.
 */
export function firstScreenfulHtml(root: Element): string {
  const view = root.ownerDocument.defaultView;
  if (view === null) return root.innerHTML;
  const limit = view.innerHeight * (1 + MARGIN);
  const copy = root.cloneNode(true) as Element;
  trim(root, copy, view, limit);
  return copy.innerHTML;
}

/** `copy` is a deep clone of `live`: their children pair up in order. */
function trim(live: Element, copy: Element, view: Window, limit: number): void {
  const liveChildren = [...live.children];
  const copyChildren = [...copy.children];
  liveChildren.forEach((child, index) => {
    const twin = copyChildren[index];
    if (twin === undefined) return;
    const position = view.getComputedStyle(child).position;
    if (position === "fixed" || position === "sticky") return;
    // Its place in the document, not in the viewport: the page may be scrolled when it is copied.
    if (child.getBoundingClientRect().top + view.scrollY >= limit) twin.remove();
    else trim(child, twin, view, limit);
  });
}
