// TOTP (RFC 6238) through `otpauth`: secrets, the otpauth:// URI authenticator apps read, and
// which time step a typed code belongs to. The step, not just "valid or not", is what lets the
// caller refuse a code that was already used (RFC 6238 section 5.2).
import { Secret, TOTP } from "otpauth";
import { TOTP_PARAMETERS } from "../../../protocol/operators";

/** 20 random bytes (RFC 4226's recommended length) as 32 base32 characters. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: TOTP_PARAMETERS.issuer,
    label: username,
    algorithm: TOTP_PARAMETERS.algorithm,
    digits: TOTP_PARAMETERS.digits,
    period: TOTP_PARAMETERS.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** `otpauth://totp/Quanta:<username>?issuer=Quanta&secret=...&algorithm=SHA1&digits=6&period=30`. */
export function totpUri(secret: string, username: string): string {
  return totpOf(secret, username).toString();
}

/** The time step of `timestampMs`: what a code is computed from. */
export function totpStep(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PARAMETERS.periodSeconds);
}

/**
 * The time step whose code `code` is, within the accepted window around `nowMs`; null when it
 * matches none. (otpauth compares in constant time.)
 */
export function matchTotpStep(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret, "-").validate({
    token: code,
    timestamp: nowMs,
    window: TOTP_PARAMETERS.window,
  });
  return delta === null ? null : totpStep(nowMs) + delta;
}

/** The code of the step at `timestampMs` (tests and the e2e helpers compute codes with it). */
export function totpCode(secret: string, timestampMs: number): string {
  return totpOf(secret, "-").generate({ timestamp: timestampMs });
}
