/**
 * The seed's layout rule: root font size = viewport width / 750 × 16 px, so 1 rem is 16 px of a
 * 750-px-wide design. Capped at 750 px of width so desktop screens get a phone-sized column
 * instead of giant text.
 */
export const DESIGN_WIDTH = 750;

export function rootFontSizePx(viewportWidth: number): number {
  const width = Math.min(Math.max(viewportWidth, 0), DESIGN_WIDTH);
  return (width / DESIGN_WIDTH) * 16;
}

export function applyRootFontSize(): () => void {
  const apply = () => {
    document.documentElement.style.fontSize = `${rootFontSizePx(window.innerWidth)}px`;
  };
  apply();
  window.addEventListener("resize", apply);
  window.addEventListener("orientationchange", apply);
  return () => {
    window.removeEventListener("resize", apply);
    window.removeEventListener("orientationchange", apply);
  };
}
