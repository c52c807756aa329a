// Identity verification from the user's side: one submission under review at a time, a new one
// after a rejection, none after passing. Retries are safe: the same Idempotency-Key and body (or,
// without a key, the very same submission while it is under review) answer the earlier result.
import { createHash } from "node:crypto";
import {
  IDENTITY_LIMITS,
  IDENTITY_STATUS,
  type IdentityInput,
  type IdentityView,
} from "../../../protocol/identity";
import type { ValidationRule } from "../../../protocol/refusals";
import type { Db } from "../../db/db";
import {
  insertSubmission,
  latestSubmission,
  submissionByIdempotencyKey,
  type IdentityRow,
} from "../../db/repositories/identity-repository";
import { findUpload } from "../../db/repositories/upload-repository";
import { lockUserRow } from "../../db/repositories/user-row-repository";
import { conflict, invalid, refusal } from "../errors";
import { isUploadId } from "../uploads/upload-files";
import { toIdentityView } from "./identity-view";
import { recordIdentity, recordProfile } from "../sync/change-log";

export async function submitIdentity(
  db: Db,
  userId: string,
  raw: IdentityInput,
  idempotencyKey: string | null,
): Promise<IdentityView> {
  const input = normalise(raw);
  const requestHash = idempotencyKey === null ? null : hashInput(input);
  const row = await db.transaction(async (tx) => {
    // Serialises this user's submissions: the checks below and the insert see a stable state.
    await lockUserRow(tx, userId);
    if (idempotencyKey !== null) {
      const earlier = await submissionByIdempotencyKey(tx, userId, idempotencyKey);
      if (earlier !== null) {
        if (earlier.request_hash === requestHash) return earlier;
        throw refusal(
          "IDEMPOTENCY_MISMATCH",
          "This Idempotency-Key was already used for a different submission",
        );
      }
    }
    const latest = await latestSubmission(tx, userId);
    if (latest?.status === IDENTITY_STATUS.underReview) {
      if (sameSubmission(latest, input)) return latest;
      throw conflict(
        "identity-under-review",
        "Your identity verification is already under review; wait for the decision before submitting again",
      );
    }
    if (latest?.status === IDENTITY_STATUS.passed) {
      throw conflict("identity-verified", "Your identity is already verified");
    }
    const photo = isUploadId(input.photo) ? await findUpload(tx, input.photo) : null;
    if (photo === null || photo.user_id !== userId || photo.purpose !== "identity") {
      throw invalidBody("photo", "format", "must be the id of an identity photo you uploaded");
    }
    const inserted = await insertSubmission(tx, {
      userId,
      name: input.name,
      idNumber: input.idNumber,
      idType: input.idType,
      photoUploadId: input.photo,
      idempotencyKey,
      requestHash,
    });
    // The profile's `verified` follows the latest submission, so both change together.
    await recordIdentity(tx, userId);
    await recordProfile(tx, userId);
    return inserted;
  });
  return toIdentityView(row);
}

// The schema has checked types and lengths; these are the rules a schema states badly.
function normalise(input: IdentityInput): IdentityInput {
  const name = input.name.trim();
  const idNumber = input.idNumber.trim();
  // Control characters (new lines, NUL, bidi overrides) have no place in a name on a document.
  if (name.length === 0 || /[\p{Cc}\p{Cf}]/u.test(name)) {
    throw invalidBody(
      "name",
      "format",
      "must be the name on the document, without control characters",
    );
  }
  if (name.length > IDENTITY_LIMITS.nameMaxLength) {
    throw invalidBody(
      "name",
      "length",
      `must be at most ${IDENTITY_LIMITS.nameMaxLength} characters`,
      IDENTITY_LIMITS.nameMaxLength,
    );
  }
  const { idNumberMinLength: min, idNumberMaxLength: max } = IDENTITY_LIMITS;
  if (!/^[A-Za-z0-9]([A-Za-z0-9 -]*[A-Za-z0-9])?$/.test(idNumber) || idNumber.length < min) {
    throw invalidBody(
      "idNumber",
      "format",
      `must be ${min} to ${max} letters or digits (spaces and hyphens inside allowed)`,
    );
  }
  return { ...input, name, idNumber: idNumber.toUpperCase(), photo: input.photo.toLowerCase() };
}

function sameSubmission(row: IdentityRow, input: IdentityInput): boolean {
  return (
    row.name === input.name &&
    row.id_number === input.idNumber &&
    row.id_type === input.idType &&
    row.photo_upload_id === input.photo
  );
}

function hashInput(input: IdentityInput): string {
  const canonical = JSON.stringify([input.name, input.idNumber, input.idType, input.photo]);
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}

function invalidBody(field: string, rule: ValidationRule, detail: string, limit?: number) {
  return invalid(field, rule, `Invalid body: "${field}" ${detail}`, limit);
}
