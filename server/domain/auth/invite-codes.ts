// Invite codes: 8 characters A-Z0-9 (the users.invite_code CHECK), about 41 bits, so a guessed
// code rarely hits and a fresh one rarely collides (the caller retries when it does).
import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const LENGTH = 8;

export function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The code in canonical form (people type and paste them loosely), or null if it cannot be one. */
export function normaliseInviteCode(input: string | null | undefined): string | null {
  const code = input?.trim().toUpperCase() ?? "";
  return /^[A-Z0-9]{8}$/.test(code) ? code : null;
}
