// "Save as image": a part of the page as a PNG, shared through the Web Share API where the
// browser can share files, otherwise downloaded. Browser code only (no db, no network).
//
// Canvases (the charts) are not left to html-to-image: it would copy each one through a data URL
// into an <img> inside an SVG <foreignObject>, which some engines (Safari) paint blank on the
// first render. They are filtered out of its clone instead and drawn onto its result here, pixel
// for pixel. uPlot sizes the wrapper around its canvas explicitly, so the layout does not move.

export type SaveOutcome = "shared" | "downloaded" | "cancelled";

/** "BTC/USDT" at 2025-03-05T14:30:09Z -> "quanta-BTC-USDT-20250305-143009.png" (UTC). */
export function imageFileName(symbol: string, at: Date): string {
  const safe = symbol.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "chart";
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `quanta-${safe}-${stamp}.png`;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a canvas at `canvas` (page CSS pixels) lands in an image of `container` rendered with
 * `scale` image pixels per CSS pixel.
 */
export function placeInImage(container: Rect, canvas: Rect, scale: number): Rect {
  return {
    left: Math.round((canvas.left - container.left) * scale),
    top: Math.round((canvas.top - container.top) * scale),
    width: Math.round(canvas.width * scale),
    height: Math.round(canvas.height * scale),
  };
}

export interface RenderOptions {
  /** The image background (the page's surface colour; PNGs are otherwise transparent). */
  backgroundColor?: string;
  /** Elements (and their subtrees) left out of the image, e.g. the button that saves it. */
  exclude?: (element: HTMLElement) => boolean;
}

/** Renders `element` (canvases included) to a PNG blob. */
export async function renderElementPng(
  element: HTMLElement,
  options: RenderOptions = {},
): Promise<Blob> {
  // Loaded on first use: only people who save an image pay for it.
  const { toCanvas } = await import("html-to-image");
  const image = await toCanvas(element, {
    backgroundColor: options.backgroundColor,
    // System fonts only in this app; fetching @font-face rules would only slow this down.
    skipFonts: true,
    filter: (node) =>
      !(node instanceof HTMLCanvasElement) &&
      !(node instanceof HTMLElement && options.exclude?.(node) === true),
  });
  const box = element.getBoundingClientRect();
  const scale = box.width > 0 ? image.width / box.width : 1;
  const context = image.getContext("2d");
  if (context === null) throw new Error("save image: no 2D context on the rendered canvas");
  for (const canvas of element.querySelectorAll("canvas")) {
    if (options.exclude && hasExcludedAncestor(canvas, element, options.exclude)) continue;
    const rect = canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const at = placeInImage(box, rect, scale);
    context.drawImage(canvas, at.left, at.top, at.width, at.height);
  }
  return new Promise<Blob>((resolve, reject) => {
    image.toBlob((blob) => {
      if (blob === null) reject(new Error("save image: the browser produced no PNG"));
      else resolve(blob);
    }, "image/png");
  });
}

function hasExcludedAncestor(
  node: Element,
  root: Element,
  exclude: (element: HTMLElement) => boolean,
): boolean {
  for (let el: Element | null = node; el !== null && el !== root; el = el.parentElement) {
    if (el instanceof HTMLElement && exclude(el)) return true;
  }
  return false;
}

/** What sharing or downloading uses of the browser; injectable for tests. */
export interface SaveEnvironment {
  navigator?: Pick<Navigator, "share"> & { canShare?: Navigator["canShare"] };
  document: Document;
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
  /** Runs `task` later; the object URL must outlive the click that starts the download. */
  later: (task: () => void) => void;
}

/** Revoking right after click() can cancel the download in some browsers; a minute is plenty. */
const REVOKE_AFTER_MS = 60_000;

export function browserSaveEnvironment(): SaveEnvironment {
  return {
    navigator: typeof navigator === "undefined" ? undefined : navigator,
    document,
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    later: (task) => window.setTimeout(task, REVOKE_AFTER_MS),
  };
}

const errorName = (error: unknown) =>
  typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";

/**
 * Shares the PNG when the browser can share files; otherwise (and when sharing is refused for
 * want of a fresh user gesture, since rendering took a moment) downloads it. A user who closes
 * the share sheet gets "cancelled", not an error; any other failure is thrown.
 */
export async function shareOrDownload(
  blob: Blob,
  fileName: string,
  env: SaveEnvironment = browserSaveEnvironment(),
): Promise<SaveOutcome> {
  const file = new File([blob], fileName, { type: "image/png" });
  const nav = env.navigator;
  if (nav?.canShare?.({ files: [file] }) === true) {
    try {
      await nav.share({ files: [file] });
      return "shared";
    } catch (error) {
      if (errorName(error) === "AbortError") return "cancelled";
      if (errorName(error) !== "NotAllowedError") throw error;
    }
  }
  const url = env.createObjectURL(blob);
  const link = env.document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.hidden = true;
  env.document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    env.later(() => env.revokeObjectURL(url));
  }
  return "downloaded";
}
