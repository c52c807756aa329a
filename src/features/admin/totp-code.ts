// What an authenticator shows (RFC 6238, six digits) and what a recovery code looks like; the
// server decides whether either is right, this only keeps typos from costing an attempt.
export function isTotpCode(value: string): boolean {
  return /^\d{6}$/.test(value.trim());
}

export function isRecoveryCode(value: string): boolean {
  return /^[A-Za-z0-9-]{6,64}$/.test(value.trim());
}
