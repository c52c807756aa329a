// Opaque session tokens: 256 random bits, base64url; only their SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";

/** Absolute lifetime of a session. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600;
/** A session unused for this long ends (a phone left signed in somewhere). */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
/** last_seen_at is written at most this often, so reads do not all become writes. */
export const TOUCH_INTERVAL_SECONDS = 60;

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** API.md: `Authorization: Bearer <token>`, a bare token accepted too. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (header === undefined) return null;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, "").trim() : value;
  return /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : null;
}
