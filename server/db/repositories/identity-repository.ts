// Identity verification submissions (migration 003).
import type { IdentityStatus, IdType } from "../../../protocol/identity";
import type { Queryable } from "../db";

export type { IdentityStatus };

/** The status of the user's latest submission, or null when they never submitted. */
export async function latestIdentityStatus(
  db: Queryable,
  userId: string,
): Promise<IdentityStatus | null> {
  const [row] = await db.query<{ status: number }>(
    "SELECT status FROM identity_submissions WHERE user_id = $1 ORDER BY id DESC LIMIT 1",
    [userId],
  );
  return row ? (row.status as IdentityStatus) : null;
}

export interface IdentityRow {
  id: string;
  user_id: string;
  name: string;
  id_number: string;
  id_type: IdType;
  photo_upload_id: string;
  status: IdentityStatus;
  reason: string | null;
  submitted_at: Date;
  reviewed_at: Date | null;
  reviewer_id: string | null;
  request_hash: string | null;
}

/** A submission with its owner's address, for the operators' review queue. */
export interface IdentityReviewRow extends IdentityRow {
  address: string | null;
}

const COLUMN_NAMES = [
  "id",
  "user_id",
  "name",
  "id_number",
  "id_type",
  "photo_upload_id",
  "status",
  "reason",
  "submitted_at",
  "reviewed_at",
  "reviewer_id",
  "request_hash",
];
const COLUMNS = COLUMN_NAMES.join(", ");
const S_COLUMNS = COLUMN_NAMES.map((name) => `s.${name}`).join(", ");

export async function latestSubmission(db: Queryable, userId: string): Promise<IdentityRow | null> {
  const [row] = await db.query<IdentityRow>(
    `SELECT ${COLUMNS} FROM identity_submissions WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  return row ?? null;
}

export async function submissionByIdempotencyKey(
  db: Queryable,
  userId: string,
  key: string,
): Promise<IdentityRow | null> {
  const [row] = await db.query<IdentityRow>(
    `SELECT ${COLUMNS} FROM identity_submissions WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );
  return row ?? null;
}

export interface NewSubmission {
  userId: string;
  name: string;
  idNumber: string;
  idType: IdType;
  photoUploadId: string;
  idempotencyKey: string | null;
  requestHash: string | null;
}

export async function insertSubmission(tx: Queryable, s: NewSubmission): Promise<IdentityRow> {
  const [row] = await tx.query<IdentityRow>(
    `INSERT INTO identity_submissions
       (user_id, name, id_number, id_type, photo_upload_id, idempotency_key, request_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${COLUMNS}`,
    [s.userId, s.name, s.idNumber, s.idType, s.photoUploadId, s.idempotencyKey, s.requestHash],
  );
  if (!row) throw new Error("INSERT ... RETURNING returned no row");
  return row;
}

export async function findSubmission(db: Queryable, id: string): Promise<IdentityRow | null> {
  const [row] = await db.query<IdentityRow>(
    `SELECT ${COLUMNS} FROM identity_submissions WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * Decides a submission that is still under review; null when it is not (already decided, or no
 * such id). The status condition in the UPDATE makes two concurrent decisions end with one winner.
 */
export async function decideSubmission(
  tx: Queryable,
  decision: { id: string; status: 1 | 2; reason: string | null; reviewerId: string | null },
): Promise<IdentityReviewRow | null> {
  const [row] = await tx.query<IdentityReviewRow>(
    `WITH decided AS (
       UPDATE identity_submissions
          SET status = $2, reason = $3, reviewer_id = $4, reviewed_at = now()
        WHERE id = $1 AND status = 0
        RETURNING ${COLUMNS}
     )
     SELECT ${S_COLUMNS}, u.address FROM decided s JOIN users u ON u.id = s.user_id`,
    [decision.id, decision.status, decision.reason, decision.reviewerId],
  );
  return row ?? null;
}

export interface SubmissionQuery {
  status: IdentityStatus | null;
  /** Exclusive: the id of the last item of the previous page. */
  after: string | null;
  /** The review queue reads oldest first (first come, first served); history newest first. */
  order: "asc" | "desc";
  limit: number;
}

export async function listSubmissions(
  db: Queryable,
  q: SubmissionQuery,
): Promise<IdentityReviewRow[]> {
  const comparison = q.order === "asc" ? ">" : "<";
  return db.query<IdentityReviewRow>(
    `SELECT ${S_COLUMNS}, u.address
       FROM identity_submissions s JOIN users u ON u.id = s.user_id
      WHERE ($1::smallint IS NULL OR s.status = $1)
        AND ($2::bigint IS NULL OR s.id ${comparison} $2)
      ORDER BY s.id ${q.order === "asc" ? "ASC" : "DESC"}
      LIMIT $3`,
    [q.status, q.after, q.limit],
  );
}
