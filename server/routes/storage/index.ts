// /storage: uploaded images. Multipart is registered here only, so no other route accepts it.
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import { UploadFiles, uploadsDirOf } from "../../domain/uploads/upload-files";
import { openUpload, storeUpload } from "../../domain/uploads/upload-service";
import { storageEndpoints } from "../../../protocol/endpoints";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";
import { readUploadForm, UPLOAD_FORM_LIMITS } from "./upload-form";

export const storageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: UPLOAD_FORM_LIMITS });
  const files = new UploadFiles(uploadsDirOf(app.config.dataDir));

  defineRoute(app, storageEndpoints.upload, async (request) => {
    const { purpose, bytes } = await readUploadForm(request);
    return ok(
      await storeUpload(app.db, files, { userId: signedInUser(request).id, purpose, bytes }),
    );
  });

  defineRoute(app, storageEndpoints.uploadFile, async (request, reply) => {
    const upload = await openUpload(app.db, files, request.params.id, signedInUser(request));
    // Private (identity documents): never in a shared cache, nor on the device's disk cache.
    return reply
      .type(upload.mime)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-store")
      .header("content-disposition", "inline")
      .send(upload.stream);
  });
};
