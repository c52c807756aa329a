// Real images for upload tests, made with sharp, plus hostile files: a pixel bomb and forms.
import { deflateSync } from "node:zlib";
import sharp from "sharp";

function solid(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  });
}

export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return solid(width, height).png().toBuffer();
}

export function webpImage(width = 64, height = 48): Promise<Buffer> {
  return solid(width, height).webp().toBuffer();
}

export function jpegImage(width = 64, height = 48): Promise<Buffer> {
  return solid(width, height).jpeg().toBuffer();
}

/** Text that identifies the EXIF written by jpegWithGps, to look for in stored bytes. */
export const EXIF_MARKER = "QuantaTestCamera";

/** A JPEG carrying EXIF with a camera name and GPS coordinates (what a phone photo leaks). */
export function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return (
    solid(width, height)
      .withExif({
        IFD0: { Make: EXIF_MARKER, Model: "Model X" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 51/1 2406/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 21/1 736/100",
        },
      })
      // Orientation 6: "rotate 90° to show upright", as phones write for portrait photos.
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
  );
}

/** EXIF tag 0x8825 (GPSInfo), little-endian as libvips writes it: the pointer to the GPS IFD. */
export const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

/**
 * A decompression bomb: a valid PNG header claiming width × height pixels with a few bytes of
 * data. A decoder trusting the header would allocate width × height × 3 bytes.
 */
export function pixelBombPng(width = 100_000, height = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export interface FormFile {
  data: Buffer;
  filename?: string;
  /** The client's claim, which the server must ignore. */
  type?: string;
  field?: string;
}

/** A multipart/form-data body as a browser would send it (encoded by undici's FormData). */
export async function multipartForm(
  fields: Record<string, string>,
  file?: FormFile,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const blob = new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/png" });
    form.append(file.field ?? "file", blob, file.filename ?? "photo.png");
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}
