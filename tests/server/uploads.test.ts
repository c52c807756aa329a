// POST /storage/upload on the real app and a real PGlite: images are detected by their bytes,
// re-encoded without metadata and stored under DATA_DIR with server-made names. Every rejection
// stores nothing: no row and no file. Quota and reading: uploads-quota-access.test.ts.
import { stat } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { UPLOAD_MAX_BYTES, type UploadView } from "../../protocol/uploads";
import {
  EXIF_MARKER,
  GPS_IFD_TAG,
  jpegImage,
  jpegWithGps,
  multipartForm,
  pixelBombPng,
  pngImage,
  webpImage,
} from "./helpers/images";
import { bearer, createUserSession } from "./helpers/sessions";
import {
  filesUnder,
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

describe("accepted images", () => {
  it.each([
    ["PNG", pngImage, "image/png", "png"],
    ["JPEG", jpegImage, "image/jpeg", "jpeg"],
    ["WebP", webpImage, "image/webp", "webp"],
  ] as const)(
    "stores a %s re-encoded under DATA_DIR with a server-made name",
    async (_, make, mime, format) => {
      const user = await createUserSession(getDb());
      const input = await make(64, 48);
      // The client's name and type are ignored: the bytes decide.
      const response = await postUpload(
        app(),
        user,
        { data: input, filename: "../../etc/passwd.gif", type: "text/html" },
        { purpose: "voucher" },
      );
      expect(response.statusCode, response.body).toBe(200);
      const data = (response.json() as { Data: UploadView }).Data;
      expect(data).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        mime,
        size: expect.any(Number),
      });

      const files = await filesUnder(uploadsDir());
      expect(files).toEqual([`${uploadsDir()}/${data.id.slice(0, 2)}/${data.id}`]);
      const file = files[0] ?? "";
      expect((await stat(file)).size).toBe(data.size);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format, width: 64, height: 48 });

      const [row] = await getDb().query<Record<string, unknown>>(
        "SELECT user_id, purpose, mime, size, width, height, sha256 FROM uploads WHERE id = $1",
        [data.id],
      );
      expect(row).toMatchObject({
        user_id: user.userId,
        purpose: "voucher",
        mime,
        size: data.size,
        width: 64,
        height: 48,
      });
      expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it("removes EXIF and GPS, after applying the EXIF orientation", async () => {
    const user = await createUserSession(getDb());
    const input = await jpegWithGps(64, 48);
    // The input really carries what must disappear, or this test could not fail.
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.includes(EXIF_MARKER)).toBe(true);
    expect(inputMeta.exif?.includes(GPS_IFD_TAG)).toBe(true);
    expect(inputMeta.orientation).toBe(6);

    const { id } = await uploadImage(app(), user, input);
    const [file] = await filesUnder(uploadsDir());
    const stored = await sharp(file).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored pixels are upright, so the sides swap.
    expect([stored.width, stored.height]).toEqual([48, 64]);
    const served = await readUpload(app(), id, user);
    expect(served.rawPayload.includes(Buffer.from(EXIF_MARKER))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from("Exif\0"))).toBe(false);
  });

  it("drops bytes hidden after the image (polyglots)", async () => {
    const user = await createUserSession(getDb());
    const hidden = Buffer.from("<script>alert(document.cookie)</script>");
    const input = Buffer.concat([await pngImage(), hidden]);
    const { id } = await uploadImage(app(), user, input);
    const served = await readUpload(app(), id, user);
    expect(served.rawPayload.includes(hidden)).toBe(false);
  });
});

describe("rejected files store nothing", () => {
  it.each([
    [
      "a text file renamed .jpg",
      Buffer.from("just some text, honestly"),
      "notes.jpg",
      "image/jpeg",
      415,
    ],
    ["text sent as image/png", Buffer.from("%PDF-1.7 not an image"), "photo.png", "image/png", 415],
    [
      "an SVG (script-capable)",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      "a.svg",
      "image/svg+xml",
      415,
    ],
    [
      "a GIF",
      Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"),
      "a.gif",
      "image/gif",
      415,
    ],
    ["a 100000×100000 pixel bomb", pixelBombPng(), "bomb.png", "image/png", 422],
    ["a PNG just over 40 megapixels", pixelBombPng(8000, 5001), "big.png", "image/png", 422],
  ])("refuses %s", async (_, data, filename, type, status) => {
    const user = await createUserSession(getDb());
    const before = await storedState(getDb(), uploadsDir());
    const response = await postUpload(app(), user, { data, filename, type });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({
      HttpStatusCode: status,
      Code: status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : "IMAGE_TOO_LARGE",
    });
    await expectNothingStored(before);
  });

  it("refuses a damaged image with a valid header", async () => {
    const user = await createUserSession(getDb());
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#345" },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const response = await postUpload(app(), user, { data: png.subarray(0, png.length / 2) });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ Code: "INVALID_IMAGE" });
    await expectNothingStored({ rows: 0, files: 0 });
  });

  it("refuses a file over 5 MB with 413", async () => {
    const user = await createUserSession(getDb());
    const png = await pngImage();
    const data = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png.length, 7)]);
    const response = await postUpload(app(), user, { data });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ Code: "PAYLOAD_TOO_LARGE" });
    expect(response.json<{ Message: string }>().Message).toContain("5 MB");
    await expectNothingStored({ rows: 0, files: 0 });
  });

  it.each([
    ["no purpose", {}, true, 'Invalid body: "purpose" is required'],
    [
      "an unknown purpose",
      { purpose: "avatar" },
      true,
      '"purpose" must be one of identity, voucher',
    ],
    ["no file", { purpose: "identity" }, false, 'Invalid body: "file" is required'],
  ])("answers 400 VALIDATION for %s", async (_, fields, withFile, message) => {
    const user = await createUserSession(getDb());
    const response = await postUpload(
      app(),
      user,
      withFile ? { data: await pngImage() } : undefined,
      fields,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Code: "VALIDATION" });
    expect(response.json<{ Message: string }>().Message).toContain(message);
    await expectNothingStored({ rows: 0, files: 0 });
  });

  it("refuses a second file, a wrong field, JSON, a broken form and no token", async () => {
    const user = await createUserSession(getDb());
    const png = await pngImage();
    const form = new FormData();
    form.append("purpose", "identity");
    form.append("file", new Blob([new Uint8Array(png)]), "a.png");
    form.append("file", new Blob([new Uint8Array(png)]), "b.png");
    const request = new Request("http://x/", { method: "POST", body: form });
    const twoFiles = await app().inject({
      method: "POST",
      url: `${API_BASE}/storage/upload`,
      headers: { "content-type": request.headers.get("content-type") ?? "", ...bearer(user) },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(twoFiles.statusCode, twoFiles.body).toBe(400);

    const wrongField = await postUpload(app(), user, { data: png, field: "image" });
    expect(wrongField.statusCode, wrongField.body).toBe(400);

    const json = await app().inject({
      method: "POST",
      url: `${API_BASE}/storage/upload`,
      headers: bearer(user),
      payload: { purpose: "identity", file: png.toString("base64") },
    });
    expect(json.statusCode, json.body).toBe(415);

    const good = await multipartForm({ purpose: "identity" }, { data: png });
    const truncated = await app().inject({
      method: "POST",
      url: `${API_BASE}/storage/upload`,
      headers: { ...good.headers, ...bearer(user) },
      payload: good.payload.subarray(0, good.payload.length - 60),
    });
    expect(truncated.statusCode, truncated.body).toBe(400);

    const noBoundary = await app().inject({
      method: "POST",
      url: `${API_BASE}/storage/upload`,
      headers: { "content-type": "multipart/form-data", ...bearer(user) },
      payload: good.payload,
    });
    expect(noBoundary.statusCode, noBoundary.body).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode, noBoundary.body).toBeLessThan(500);

    const anonymous = await postUpload(app(), null, { data: png });
    expect(anonymous.statusCode).toBe(401);
    await expectNothingStored({ rows: 0, files: 0 });
  });
});
