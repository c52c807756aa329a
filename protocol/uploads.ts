// Uploaded images (API.md POST /storage/upload). The limits live here so the app can compress a
// photo to fit before sending it, instead of learning the limit from a rejection.
import type { Static } from "@sinclair/typebox";
import type { UploadAnswer } from "./endpoints/storage";

export const UPLOAD_PURPOSES = ["identity", "voucher"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The only types accepted (detected from the bytes, never from the name or Content-Type). */
export const UPLOAD_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type UploadMime = (typeof UPLOAD_MIME_TYPES)[number];

/** Largest file accepted, in bytes (5 MiB). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Largest image accepted, in pixels (width × height): a guard against decompression bombs. */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** Per user and rolling 24 hours: at most this many uploads ... */
export const UPLOAD_DAILY_COUNT = 50;
/** ... and at most this many stored bytes (100 MiB). */
export const UPLOAD_DAILY_BYTES = 100 * 1024 * 1024;

/** The answer of POST /storage/upload (the schema: endpoints/storage.ts). */
export type UploadView = Static<typeof UploadAnswer>;

/** Where an upload can be read (owner or operator only). */
export function uploadPath(apiBase: string, id: string): string {
  return `${apiBase}/storage/upload/${encodeURIComponent(id)}`;
}
