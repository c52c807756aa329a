// Where article covers live on disk (server/content/images, part of the repository) and which
// names may be served from it. Covers are referenced as CONTENT_IMAGE_BASE + file name.
import { fileURLToPath } from "node:url";
import { CONTENT_IMAGE_BASE } from "../../../protocol/content";

export const CONTENT_IMAGES_DIR = fileURLToPath(new URL("../../content/images/", import.meta.url));

/** A cover file name: lower-case, no path, an image type the browser renders as an image. */
export const IMAGE_FILE = /^[a-z0-9][a-z0-9._-]{0,95}\.(svg|png|jpe?g|webp)$/;

/** "/content/<file>" with a servable file name (the articles.cover CHECK allows a bit more). */
export function isCoverPath(value: string): boolean {
  return (
    value.startsWith(CONTENT_IMAGE_BASE) && IMAGE_FILE.test(value.slice(CONTENT_IMAGE_BASE.length))
  );
}
