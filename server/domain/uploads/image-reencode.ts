// Re-encodes an accepted image with sharp (libvips). Decoding and writing a fresh file is what
// makes an upload safe to serve: EXIF and GPS, comments, colour-profile payloads, trailing bytes
// and polyglot tricks are all left behind, because only the pixels are carried over.
import sharp from "sharp";
import { UPLOAD_MAX_PIXELS, type UploadMime } from "../../../protocol/uploads";

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Why an image could not be re-encoded: too many pixels, or not decodable at all. */
export class ImageRejectedError extends Error {
  constructor(
    readonly reason: "too-large" | "unreadable",
    options?: ErrorOptions,
  ) {
    super(
      reason === "too-large" ? "Image exceeds the pixel limit" : "Image cannot be decoded",
      options,
    );
    this.name = "ImageRejectedError";
  }
}

export async function reencodeImage(input: Buffer, mime: UploadMime): Promise<EncodedImage> {
  // limitInputPixels is the second guard after the header check: libvips refuses to decode past
  // it even if a header lied. failOn "error" rejects truncated or corrupt data instead of
  // producing a half-grey image; autoOrient applies the EXIF rotation before EXIF is dropped.
  const image = sharp(input, {
    limitInputPixels: UPLOAD_MAX_PIXELS,
    failOn: "error",
    autoOrient: true,
    animated: false,
  }).timeout({ seconds: 20 });
  const encoder =
    mime === "image/png"
      ? image.png({ compressionLevel: 6 })
      : mime === "image/webp"
        ? image.webp({ quality: 85 })
        : image.jpeg({ quality: 85, mozjpeg: true });
  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif), which is what we want.
    const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const tooLarge = /pixel limit/i.test(message);
    throw new ImageRejectedError(tooLarge ? "too-large" : "unreadable", { cause: err });
  }
}
