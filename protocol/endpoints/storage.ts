// /storage: uploaded images (multipart in, bytes out).
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import { UPLOAD_MIME_TYPES, UPLOAD_PURPOSES } from "../uploads";
import { oneOf } from "./common";
import { endpoint } from "./endpoint";

const STORAGE = `${API_BASE}/storage`;

export const UploadAnswer = Type.Object({
  id: Type.String(),
  mime: oneOf(UPLOAD_MIME_TYPES),
  /** The stored (re-encoded) file's size in bytes. */
  size: Type.Integer(),
});

export const storageEndpoints = {
  upload: endpoint({
    method: "POST",
    path: `${STORAGE}/upload`,
    summary: "Upload an image (identity, voucher) as multipart/form-data",
    access: "user",
    form: Type.Object({
      purpose: oneOf(UPLOAD_PURPOSES),
      file: Type.String({ contentEncoding: "binary", description: "JPEG, PNG or WebP" }),
    }),
    answer: UploadAnswer,
  }),
  uploadFile: endpoint({
    method: "GET",
    path: `${STORAGE}/upload/:id`,
    summary: "An uploaded image (its owner and operators only)",
    access: "user-or-operator",
    wire: "file",
    params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
    answer: Type.String({ contentEncoding: "binary", description: "the image's bytes" }),
  }),
};
