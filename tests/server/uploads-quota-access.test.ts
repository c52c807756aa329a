// The daily upload quota and who may read an upload (owner and operators; everyone else 404),
// on the real app and a real PGlite. Accepting and rejecting files: uploads.test.ts.
import { describe, expect, it } from "vitest";
import { pngImage } from "./helpers/images";
import { createUserSession } from "./helpers/sessions";
import {
  insertPastUploads,
  postUpload,
  readUpload,
  storedState,
  uploadImage,
  useUploadTestApp,
} from "./helpers/uploads";

const { app, db: getDb, uploadsDir } = useUploadTestApp();

async function expectNothingStored(before: { rows: number; files: number }) {
  expect(await storedState(getDb(), uploadsDir())).toEqual(before);
}

describe("quota", () => {
  it("refuses the 51st upload in 24 hours with 429, and counts only the last 24 hours", async () => {
    const user = await createUserSession(getDb());
    await insertPastUploads(getDb(), user.userId, 50, 1000, 25 * 3600);
    await uploadImage(app(), user, await pngImage());
    await insertPastUploads(getDb(), user.userId, 49, 1000);
    const before = await storedState(getDb(), uploadsDir());
    const response = await postUpload(app(), user, { data: await pngImage() });
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toMatchObject({ Code: "QUOTA_EXCEEDED" });
    expect(response.json<{ Message: string }>().Message).toContain("50 images or 100 MB");
    await expectNothingStored(before);

    // Another user's allowance is their own.
    await uploadImage(app(), await createUserSession(getDb()), await pngImage());
  });

  it("refuses an upload that would pass 100 MB in 24 hours", async () => {
    const user = await createUserSession(getDb());
    await insertPastUploads(getDb(), user.userId, 1, 100 * 1024 * 1024 - 10);
    const response = await postUpload(app(), user, { data: await pngImage() });
    expect(response.statusCode, response.body).toBe(429);
    await expectNothingStored({ rows: 1, files: 0 });
  });
});

describe("reading an upload", () => {
  it("serves the owner and operators, and answers 404 to everyone else", async () => {
    const owner = await createUserSession(getDb());
    const { id, mime, size } = await uploadImage(app(), owner, await pngImage());

    const own = await readUpload(app(), id, owner);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe(mime);
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect(own.headers["cache-control"]).toMatch(/^private/);
    expect(own.rawPayload.length).toBe(size);

    const operator = await createUserSession(getDb(), { role: "operator" });
    const asOperator = await readUpload(app(), id, operator);
    expect(asOperator.statusCode).toBe(200);
    expect(asOperator.rawPayload.equals(own.rawPayload)).toBe(true);

    const other = await readUpload(app(), id, await createUserSession(getDb()));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ Code: "NOT_FOUND" });
    expect(other.rawPayload.includes(own.rawPayload.subarray(0, 16))).toBe(false);

    expect((await readUpload(app(), id, null)).statusCode).toBe(401);
    expect(
      (await readUpload(app(), "00000000-0000-4000-8000-000000000000", owner)).statusCode,
    ).toBe(404);
    expect((await readUpload(app(), "..%2F..%2Fetc%2Fpasswd", owner)).statusCode).toBe(404);
    expect((await readUpload(app(), "not-a-uuid", owner)).statusCode).toBe(404);
  });
});
