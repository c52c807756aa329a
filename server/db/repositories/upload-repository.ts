// Uploaded images (migration 003): who owns which stored file. The bytes live on disk.
import type { UploadMime, UploadPurpose } from "../../../protocol/uploads";
import type { Queryable } from "../db";

export interface UploadRow {
  id: string;
  user_id: string;
  purpose: UploadPurpose;
  mime: UploadMime;
  size: number;
  width: number;
  height: number;
  sha256: string;
  created_at: Date;
}

export interface NewUpload {
  id: string;
  userId: string;
  purpose: UploadPurpose;
  mime: UploadMime;
  size: number;
  width: number;
  height: number;
  sha256: string;
}

export async function insertUpload(tx: Queryable, upload: NewUpload): Promise<void> {
  await tx.query(
    `INSERT INTO uploads (id, user_id, purpose, mime, size, width, height, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      upload.id,
      upload.userId,
      upload.purpose,
      upload.mime,
      upload.size,
      upload.width,
      upload.height,
      upload.sha256,
    ],
  );
}

/** `id` must already be a valid uuid (the column type rejects anything else with an error). */
export async function findUpload(db: Queryable, id: string): Promise<UploadRow | null> {
  const [row] = await db.query<UploadRow>(
    `SELECT id, user_id, purpose, mime, size, width, height, sha256, created_at
       FROM uploads WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** How many uploads and stored bytes the user has in the last `seconds`. */
export async function uploadUsageSince(
  db: Queryable,
  userId: string,
  seconds: number,
): Promise<{ count: number; bytes: number }> {
  const [row] = await db.query<{ count: number; bytes: string }>(
    `SELECT count(*)::int AS count, coalesce(sum(size), 0)::text AS bytes
       FROM uploads
      WHERE user_id = $1 AND created_at > now() - make_interval(secs => $2)`,
    [userId, seconds],
  );
  return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) };
}
