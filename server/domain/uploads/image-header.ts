// Reads an image's type and dimensions from its first bytes, without decoding any pixels.
// OWASP ASVS 5.2: the type comes from magic bytes only (never the file name or Content-Type), and
// the dimensions are known before a decoder allocates memory for them, so a tiny file claiming
// 100000×100000 pixels (a decompression bomb) is refused before it costs anything.
import type { UploadMime } from "../../../protocol/uploads";

export interface ImageHeader {
  mime: UploadMime;
  width: number;
  height: number;
}

/** null when the bytes are not a JPEG, PNG or WebP whose header states its dimensions. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isPng(b)) return readPng(b);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return readJpeg(b);
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return readWebp(b);
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(b: Buffer): boolean {
  return b.length >= 8 && PNG_SIGNATURE.every((byte, i) => b[i] === byte);
}

// The first chunk must be IHDR: length 13, then width and height as big-endian uint32.
function readPng(b: Buffer): ImageHeader | null {
  if (b.length < 24 || b.readUInt32BE(8) !== 13 || ascii(b, 12, 4) !== "IHDR") return null;
  return sized("image/png", b.readUInt32BE(16), b.readUInt32BE(20));
}

// Walks the marker segments up to the first SOFn frame header, which holds the dimensions.
function readJpeg(b: Buffer): ImageHeader | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    // Fill bytes, and markers without a length (TEM, RSTn) have no segment to skip.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of scan or end of image before any frame header: not a usable JPEG.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > b.length) return null;
      return sized("image/jpeg", b.readUInt16BE(at + 7), b.readUInt16BE(at + 5));
    }
    at += 2 + length;
  }
  return null;
}

// RIFF container, then one of three first chunks: VP8 (lossy), VP8L (lossless), VP8X (extended).
function readWebp(b: Buffer): ImageHeader | null {
  const chunk = b.length >= 16 ? ascii(b, 12, 4) : "";
  if (chunk === "VP8 " && b.length >= 30) {
    // Frame tag (3 bytes), then the start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return sized("image/webp", b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === "VP8L" && b.length >= 25) {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return sized("image/webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X" && b.length >= 30) {
    return sized("image/webp", b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  }
  return null;
}

function sized(mime: UploadMime, width: number, height: number): ImageHeader | null {
  return width > 0 && height > 0 ? { mime, width, height } : null;
}

function ascii(b: Buffer, start: number, length: number): string {
  return b.toString("latin1", start, start + length);
}
