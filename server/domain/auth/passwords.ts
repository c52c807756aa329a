// Operator passwords: scrypt with a random salt per password. The parameters travel inside the
// stored string, so they can be raised later without breaking the hashes already stored.
// Format: scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt settings of equal strength to N=2^17,r=8,p=1, but with 32 MiB of memory per
 * hash instead of 128: a few parallel sign-ins must not exhaust a small server.
 */
const PARAMS: ScryptParams = { logN: 15, r: 8, p: 3 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Refuse stored parameters beyond these: a tampered row must not make one sign-in eat the box. */
const MAX_LOG_N = 20;
const MAX_R = 16;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // Node's default limit (32 MiB) is exactly what N=2^15,r=8 needs; leave headroom.
    maxmem: 256 * N * params.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * `params` other than the default are for tests that sign in many times (their subject is the
 * limits, not the hash): the parameters are stored with the hash, and verifying uses them.
 */
export async function hashPassword(
  password: string,
  params: ScryptParams = PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  const { logN, r, p } = params;
  return `scrypt$${logN}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** True when `password` matches `stored`. A malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === null) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([\w-]{16,})\$([\w-]{32,})$/.exec(
    stored,
  );
  if (!match) return null;
  const [, logN = "", r = "", p = "", salt = "", key = ""] = match;
  const params = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (params.logN < 10 || params.logN > MAX_LOG_N) return null;
  if (params.r < 1 || params.r > MAX_R || params.p < 1 || params.p > MAX_P) return null;
  return { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of nothing anyone knows, verified when the username does not exist, so an unknown
 * username costs the same time as a wrong password and timing does not reveal which names exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
