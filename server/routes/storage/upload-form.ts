// Reads the upload form (multipart fields `purpose` and `file`, in either order) into memory,
// at most one file of UPLOAD_MAX_BYTES. Whatever goes wrong while parsing is the client's body,
// so it becomes a 4xx with a clear message, never a 500.
import type { FastifyRequest } from "fastify";
import { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from "../../../protocol/uploads";
import { ApiError } from "../../plugins/envelope";

/** busboy limits: one file, a few short fields; anything more is not our form. */
export const UPLOAD_FORM_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 256,
  fieldNameSize: 64,
  parts: 6,
  headerPairs: 20,
};

export interface UploadForm {
  purpose: UploadPurpose;
  bytes: Buffer;
}

export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw new ApiError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      'Send the image as multipart/form-data with the fields "purpose" and "file"',
    );
  }
  let purpose: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "file" || bytes !== undefined) throw extraPart(part.fieldname);
        bytes = await part.toBuffer();
      } else if (part.fieldname === "purpose" && typeof part.value === "string") {
        purpose = part.value;
      }
    }
  } catch (err) {
    throw asClientError(err);
  }
  if (purpose === undefined) throw invalid('"purpose" is required');
  const known = UPLOAD_PURPOSES.find((p) => p === purpose);
  if (known === undefined) throw invalid(`"purpose" must be one of ${UPLOAD_PURPOSES.join(", ")}`);
  if (bytes === undefined || bytes.length === 0) throw invalid('"file" is required');
  return { purpose: known, bytes };
}

function invalid(detail: string): ApiError {
  return new ApiError(400, "VALIDATION", `Invalid body: ${detail}`);
}

function extraPart(name: string): ApiError {
  return invalid(`only one file, in the field "file", is accepted (got "${name.slice(0, 64)}")`);
}

function asClientError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new ApiError(
      413,
      "PAYLOAD_TOO_LARGE",
      `The file is too large: at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`,
    );
  }
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return invalid('send one file in "file" and the field "purpose", nothing else');
  }
  // busboy's own errors (no boundary, truncated part, malformed headers) carry no status.
  return new ApiError(400, "BAD_REQUEST", "The multipart body could not be read", { cause: err });
}
