// Uploaded images (API.md POST /storage/upload).
import type { UploadPurpose, UploadView } from "../../protocol";
import { call } from "./call";

/** POST /storage/upload (multipart): the server checks, re-encodes and names the file itself. */
export function uploadFile(
  file: Blob,
  fileName: string,
  purpose: UploadPurpose,
  opts: { quiet?: boolean } = {},
): Promise<UploadView> {
  const form = new FormData();
  // The purpose goes first: a streaming multipart parser can check it before the file arrives.
  form.append("purpose", purpose);
  form.append("file", file, fileName);
  return call("POST /storage/upload", { ...opts, form });
}
