import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { UPLOAD_MAX_PIXELS } from "../../../protocol/uploads";
import { ImageRejectedError, reencodeImage } from "./image-reencode";

describe("reencodeImage", () => {
  it("keeps the format and the pixels' size", async () => {
    const input = await sharp({
      create: { width: 30, height: 20, channels: 3, background: "#123456" },
    })
      .webp()
      .toBuffer();
    const output = await reencodeImage(input, "image/webp");
    expect(output).toMatchObject({ width: 30, height: 20 });
    expect((await sharp(output.data).metadata()).format).toBe("webp");
  });

  // The second guard after the header check: libvips itself refuses to decode past the limit.
  it("refuses more pixels than the limit even when asked to decode them", async () => {
    const side = Math.ceil(Math.sqrt(UPLOAD_MAX_PIXELS)) + 1;
    const input = await sharp({
      create: { width: side, height: side, channels: 3, background: "#000" },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const failure = await reencodeImage(input, "image/png").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ImageRejectedError);
    expect((failure as ImageRejectedError).reason).toBe("too-large");
  });

  it("refuses bytes that are not a decodable image", async () => {
    const failure = await reencodeImage(Buffer.from("nope"), "image/jpeg").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImageRejectedError);
    expect((failure as ImageRejectedError).reason).toBe("unreadable");
  });
});
