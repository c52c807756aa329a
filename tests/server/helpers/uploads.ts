// Upload helpers for server tests: post an image as the app does, and see what was stored.
import { randomUUID } from "node:crypto";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { API_BASE } from "../../../protocol/paths";
import type { UploadView } from "../../../protocol/uploads";
import type { Config } from "../../../server/config";
import type { Db, Queryable } from "../../../server/db/db";
import { uploadsDirOf } from "../../../server/domain/uploads/upload-files";
import { multipartForm, type FormFile } from "./images";
import { bearer } from "./sessions";
import { buildTestApp, testConfig } from "./test-app";
import { resetDb, usePglite } from "./test-db";

export interface UploadTestContext {
  app(): FastifyInstance;
  db(): Db;
  /** DATA_DIR/uploads of the app's configuration. */
  uploadsDir(): string;
}

/**
 * Call once at the top of an upload test file: the real app on a PGlite of its own, with a
 * fresh database and an empty uploads directory before every test.
 */
export function useUploadTestApp(): UploadTestContext {
  const getDb = usePglite();
  let app: FastifyInstance | undefined;
  let config: Config | undefined;
  const uploadsDir = () => uploadsDirOf(config?.dataDir ?? "/nonexistent");
  beforeAll(async () => {
    config = testConfig();
    app = await buildTestApp({
      db: getDb(),
      config,
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await resetDb(getDb());
    await rm(uploadsDir(), { recursive: true, force: true });
  });
  return {
    app: () => {
      if (!app) throw new Error("useUploadTestApp(): the app is built in beforeAll");
      return app;
    },
    db: getDb,
    uploadsDir,
  };
}

export async function postUpload(
  app: FastifyInstance,
  session: { token: string } | null,
  file: FormFile | undefined,
  fields: Record<string, string> = { purpose: "identity" },
): Promise<LightMyRequestResponse> {
  const form = await multipartForm(fields, file);
  return app.inject({
    method: "POST",
    url: `${API_BASE}/storage/upload`,
    headers: { ...form.headers, ...(session ? bearer(session) : {}) },
    payload: form.payload,
  });
}

/** Uploads and returns the answer's Data; throws unless it was accepted. */
export async function uploadImage(
  app: FastifyInstance,
  session: { token: string },
  data: Buffer,
  purpose = "identity",
): Promise<UploadView> {
  const response = await postUpload(app, session, { data }, { purpose });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return (response.json() as { Data: UploadView }).Data;
}

/** Every file under `dir` (recursively, temp files included); [] when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

export async function uploadRowCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM uploads");
  return row?.n ?? 0;
}

/** Rows as if the user had uploaded `count` images of `size` bytes `ageSeconds` ago. */
export async function insertPastUploads(
  db: Queryable,
  userId: string,
  count: number,
  size: number,
  ageSeconds = 60,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    await db.query(
      `INSERT INTO uploads (id, user_id, purpose, mime, size, width, height, sha256, created_at)
       VALUES ($1, $2, 'identity', 'image/png', $3, 1, 1, $4, now() - make_interval(secs => $5))`,
      [randomUUID(), userId, size, "0".repeat(64), ageSeconds],
    );
  }
}

/** Rows in `uploads` and files under the uploads directory: what "nothing stored" compares. */
export async function storedState(
  db: Queryable,
  dir: string,
): Promise<{ rows: number; files: number }> {
  return { rows: await uploadRowCount(db), files: (await filesUnder(dir)).length };
}

export function readUpload(
  app: FastifyInstance,
  id: string,
  session: { token: string } | null,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "GET",
    url: `${API_BASE}/storage/upload/${id}`,
    headers: session ? bearer(session) : {},
  });
}
