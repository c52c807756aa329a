// Dimension math for photos compressed in the browser before upload (identity documents).
import { badInteger } from "./errors";

/** The longest side a photo keeps: enough to read a document, small enough to send on 3G. */
export const PHOTO_MAX_SIDE = 1600;

export interface Size {
  width: number;
  height: number;
}

/**
 * Scales `width` × `height` down (never up) so the longer side is at most `maxSide`, keeping
 * the aspect ratio; each side is rounded and at least 1 px.
 */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): Size {
  for (const [name, value] of [
    ["width", width],
    ["height", height],
    ["maxSide", maxSide],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw badInteger(name, value, 1, Number.MAX_SAFE_INTEGER);
    }
  }
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: width >= height ? maxSide : Math.max(1, Math.round(width * scale)),
    height: height >= width ? maxSide : Math.max(1, Math.round(height * scale)),
  };
}
