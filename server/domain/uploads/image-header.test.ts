import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readImageHeader } from "./image-header";

const rgb = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } });

describe("readImageHeader", () => {
  it.each([
    ["PNG", () => rgb(123, 45).png().toBuffer(), "image/png"],
    ["baseline JPEG", () => rgb(123, 45).jpeg().toBuffer(), "image/jpeg"],
    ["progressive JPEG", () => rgb(123, 45).jpeg({ progressive: true }).toBuffer(), "image/jpeg"],
    [
      "JPEG with EXIF before the frame",
      () =>
        rgb(123, 45)
          .withExif({ IFD0: { Make: "x" } })
          .jpeg()
          .toBuffer(),
      "image/jpeg",
    ],
    ["lossy WebP (VP8)", () => rgb(123, 45).webp().toBuffer(), "image/webp"],
    ["lossless WebP (VP8L)", () => rgb(123, 45).webp({ lossless: true }).toBuffer(), "image/webp"],
    ["WebP with alpha (VP8X)", () => rgb(123, 45, 4).webp().toBuffer(), "image/webp"],
  ] as const)("reads a %s", async (_, make, mime) => {
    const bytes = await make();
    expect(readImageHeader(bytes)).toEqual({ mime, width: 123, height: 45 });
  });

  it("needs only the first bytes (no decoding)", async () => {
    const png = await rgb(5000, 4000).png().toBuffer();
    expect(readImageHeader(png.subarray(0, 24))).toEqual({
      mime: "image/png",
      width: 5000,
      height: 4000,
    });
  });

  it.each([
    ["empty", Buffer.alloc(0)],
    ["text", Buffer.from("hello, I am a .jpg")],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00", "latin1")],
    ["a PNG signature alone", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ["a JPEG start of image alone", Buffer.from([0xff, 0xd8, 0xff])],
    ["a JPEG that scans before any frame", Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02])],
    ["a RIFF that is not WebP", Buffer.from("RIFF\0\0\0\0WAVEfmt ")],
  ])("refuses %s", (_, bytes) => {
    expect(readImageHeader(bytes)).toBeNull();
  });

  it("refuses zero dimensions", async () => {
    const png = Buffer.from(await rgb(4, 4).png().toBuffer());
    png.writeUInt32BE(0, 16);
    expect(readImageHeader(png)).toBeNull();
  });
});

it("never throws, whatever the bytes (truncated headers included)", () => {
  const prefix = fc.constantFrom(
    [],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
    [0xff, 0xd8, 0xff],
    [...Buffer.from("RIFF\0\0\0\0WEBPVP8 ")],
    [...Buffer.from("RIFF\0\0\0\0WEBPVP8L")],
    [...Buffer.from("RIFF\0\0\0\0WEBPVP8X")],
  );
  fc.assert(
    fc.property(prefix, fc.uint8Array({ maxLength: 40 }), (head, tail) => {
      const header = readImageHeader(Buffer.from([...head, ...tail]));
      if (header !== null) expect(header.width * header.height).toBeGreaterThan(0);
    }),
    { numRuns: 2000 },
  );
});
