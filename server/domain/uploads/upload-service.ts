// Accepting and serving uploaded images (OWASP ASVS 5.2–5.3). The order matters: cheap checks
// (quota, magic bytes, header dimensions) run before the decoder touches the bytes, and nothing
// is written until the image has been re-encoded; the row and the file exist together or not at all.
import { createHash, randomUUID } from "node:crypto";
import type { ReadStream } from "node:fs";
import {
  UPLOAD_DAILY_BYTES,
  UPLOAD_DAILY_COUNT,
  UPLOAD_MAX_PIXELS,
  type UploadMime,
  type UploadPurpose,
  type UploadView,
} from "../../../protocol/uploads";
import type { Db } from "../../db/db";
import {
  findUpload,
  insertUpload,
  uploadUsageSince,
} from "../../db/repositories/upload-repository";
import { lockUserRow } from "../../db/repositories/user-row-repository";
import { DomainError, refusal } from "../errors";
import { readImageHeader } from "./image-header";
import { ImageRejectedError, reencodeImage } from "./image-reencode";
import { isUploadId, type UploadFiles } from "./upload-files";

const DAY_SECONDS = 24 * 3600;

export interface StoreUploadInput {
  userId: string;
  purpose: UploadPurpose;
  bytes: Buffer;
}

export async function storeUpload(
  db: Db,
  files: UploadFiles,
  input: StoreUploadInput,
): Promise<UploadView> {
  // Early, so a user over quota cannot keep the decoder busy; re-checked under a lock below.
  assertWithinQuota(await uploadUsageSince(db, input.userId, DAY_SECONDS), 0);

  const header = readImageHeader(input.bytes);
  if (header === null) {
    throw refusal(
      "UNSUPPORTED_MEDIA_TYPE",
      "Only JPEG, PNG and WebP images are accepted; the file is not one of them",
    );
  }
  if (header.width * header.height > UPLOAD_MAX_PIXELS) throw tooManyPixels();

  const image = await reencode(input.bytes, header.mime);
  const id = randomUUID();
  const view: UploadView = { id, mime: header.mime, size: image.data.length };
  await files.write(id, image.data);
  try {
    await db.transaction(async (tx) => {
      await lockUserRow(tx, input.userId);
      const usage = await uploadUsageSince(tx, input.userId, DAY_SECONDS);
      assertWithinQuota(usage, image.data.length);
      await insertUpload(tx, {
        id,
        userId: input.userId,
        purpose: input.purpose,
        mime: header.mime,
        size: image.data.length,
        width: image.width,
        height: image.height,
        sha256: createHash("sha256").update(image.data).digest("hex"),
      });
    });
  } catch (err) {
    // No row, no file: a failed insert must not leave an orphan on disk.
    await files.remove(id);
    throw err;
  }
  return view;
}

export interface UploadReader {
  id: string;
  role: "user" | "operator";
}

export interface StoredUpload {
  mime: UploadMime;
  stream: ReadStream;
}

/**
 * The file for its owner or an operator. Everyone else gets the same 404 as for an id that does
 * not exist, so ids cannot be probed for existence.
 */
export async function openUpload(
  db: Db,
  files: UploadFiles,
  id: string,
  reader: UploadReader,
): Promise<StoredUpload> {
  const notFound = refusal("NOT_FOUND", "No such upload");
  if (!isUploadId(id)) throw notFound;
  const row = await findUpload(db, id);
  if (row === null || (row.user_id !== reader.id && reader.role !== "operator")) throw notFound;
  const stream = await files.read(row.id);
  if (stream === null) throw notFound;
  return { mime: row.mime, stream };
}

function assertWithinQuota(usage: { count: number; bytes: number }, adding: number): void {
  if (usage.count < UPLOAD_DAILY_COUNT && usage.bytes + adding <= UPLOAD_DAILY_BYTES) return;
  const megabytes = Math.round(UPLOAD_DAILY_BYTES / (1024 * 1024));
  throw new DomainError(
    "QUOTA_EXCEEDED",
    { count: UPLOAD_DAILY_COUNT, megabytes },
    `Daily upload limit reached: at most ${UPLOAD_DAILY_COUNT} images or ${megabytes} MB in 24 hours. ` +
      "Try again later.",
  );
}

function tooManyPixels(): DomainError {
  const megapixels = UPLOAD_MAX_PIXELS / 1_000_000;
  return new DomainError(
    "IMAGE_TOO_LARGE",
    { megapixels },
    `The image has too many pixels: at most ${megapixels} megapixels`,
  );
}

async function reencode(bytes: Buffer, mime: UploadMime) {
  try {
    return await reencodeImage(bytes, mime);
  } catch (err) {
    if (!(err instanceof ImageRejectedError)) throw err;
    if (err.reason === "too-large") throw tooManyPixels();
    throw refusal("INVALID_IMAGE", "The image could not be read; it may be damaged");
  }
}
