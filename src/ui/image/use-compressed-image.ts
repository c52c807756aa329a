// The state behind an image field (identity photo, recharge voucher): a chosen file compressed on
// this device (compress-photo.ts), its preview, and a reading error in the field's own words.
import { useEffect, useState } from "react";
import { compressPhoto, UnreadablePhotoError } from "./compress-photo";

export const ACCEPTED_IMAGES = "image/jpeg,image/png,image/webp";

export interface ImageChoice {
  /** Object URL of the compressed image, as it will be sent. */
  preview: string | null;
  reading: boolean;
  readError: string | null;
  /** An input's change: compresses its file, or says why it could not. */
  choose(input: HTMLInputElement): Promise<void>;
}

export function useCompressedImage(
  onChange: (image: Blob | null) => void,
  messages: { unreadable: string; failed: string },
): ImageChoice {
  const [preview, setPreview] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);

  // The preview's object URL is released when it is replaced and when the field goes away.
  useEffect(() => {
    if (preview === null) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const show = (image: Blob | null) => {
    setPreview(image === null ? null : URL.createObjectURL(image));
    onChange(image);
  };

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file chosen again must fire change again.
    input.value = "";
    if (!file) return;
    setReadError(null);
    setReading(true);
    try {
      show(await compressPhoto(file));
    } catch (error) {
      show(null);
      setReadError(error instanceof UnreadablePhotoError ? messages.unreadable : messages.failed);
    } finally {
      setReading(false);
    }
  };

  return { preview, reading, readError, choose };
}
