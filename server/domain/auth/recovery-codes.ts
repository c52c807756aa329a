// Recovery codes: ten per enrolment, 80 random bits each, written `xxxx-xxxx-xxxx-xxxx` in
// Crockford's base32 (no i, l, o, u). Typed back in any case, with or without hyphens and spaces,
// and with o for 0 or i/l for 1 (Crockford's reading). Only their SHA-256 is stored: 80 random
// bits make a fast hash safe.
import { createHash, randomBytes } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "../../../protocol/operators";

/** 32 symbols, so each is exactly 5 bits (no modulo bias). */
const CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

function oneCode(): string {
  const bytes = randomBytes(10); // 80 bits = 16 symbols of 5 bits
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = "";
  for (let i = 0; i < 16; i += 1) {
    text = CODE_ALPHABET[Number(bits & 31n)] + text;
    bits >>= 5n;
  }
  return text.match(/.{4}/g)?.join("-") ?? text;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, oneCode);
}

/** As typed: lower case, without spaces or hyphens, look-alikes read as Crockford does. */
export function normaliseRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
}

export function hashRecoveryCode(typed: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(typed), "utf8").digest("hex");
}
