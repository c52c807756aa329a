// Canvas colours from the theme's CSS variables (src/ui/styles/global.css), so the charts follow
// light and dark like the rest of the app. A canvas cannot use var(), so they are read as values.

/** Axis labels on the canvas: a fixed pixel size, since a canvas does not follow rem. */
export const axisFontStyle = "11px system-ui, -apple-system, sans-serif";

export interface ChartTheme {
  up: string;
  down: string;
  text: string;
  grid: string;
  accent: string;
  surface: string;
}

const FALLBACK: ChartTheme = {
  up: "#0f9d58",
  down: "#d93025",
  text: "#5b6475",
  grid: "#dde2ec",
  accent: "#3b6cff",
  surface: "#ffffff",
};

/** The theme as it applies to `element` (variables can be overridden on any ancestor). */
export function readChartTheme(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: read("--q-up", FALLBACK.up),
    down: read("--q-down", FALLBACK.down),
    text: read("--q-muted", FALLBACK.text),
    grid: read("--q-border", FALLBACK.grid),
    accent: read("--q-accent", FALLBACK.accent),
    surface: read("--q-surface", FALLBACK.surface),
  };
}

/** Calls `onChange` when the system switches between light and dark. */
export function watchColorScheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia("(prefers-color-scheme: dark)");
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** `color` with an alpha, for fills under a line; works for #rgb and #rrggbb, else unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex === undefined) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const channel = (i: number) => parseInt(full.slice(i, i + 2), 16);
  const fillStyle = `rgba(${channel(0)}, ${channel(2)}, ${channel(4)}, ${alpha})`;
  return fillStyle;
}
