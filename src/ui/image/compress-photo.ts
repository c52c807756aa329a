import { fitWithin } from "../../lib/image-fit";

/** JPEG quality for identity photos: text stays sharp, a phone photo shrinks to a few hundred KB. */
export const PHOTO_QUALITY = 0.85;

/** The photo could not be decoded as an image (wrong file type, corrupt file). */
export class UnreadablePhotoError extends Error {
  override name = "UnreadablePhotoError";
}

/**
 * Decodes the chosen file, scales it so the long side is at most 1600 px, and re-encodes it as
 * JPEG. Done in the browser so a 10 MB camera photo uploads as a few hundred KB; re-encoding also
 * drops the EXIF data (location, device) before it leaves the phone.
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // Camera photos are often stored sideways with an EXIF rotation; apply it.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch (error) {
    throw new UnreadablePhotoError("The file is not an image this browser can read.", {
      cause: error,
    });
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas in this browser.");
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("The photo could not be encoded."))),
        "image/jpeg",
        PHOTO_QUALITY,
      );
    });
  } finally {
    bitmap.close();
  }
}
