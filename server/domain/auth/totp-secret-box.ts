// Operators' TOTP secrets sealed at rest with AES-256-GCM (node:crypto): a database copy alone
// (a backup, a replica, a leaked dump) yields no secret. The server must still compute codes, so
// this is encryption, not hashing; the key lives outside the database (OPERATOR_SECRET_KEY).
// Stored form: "v1.<iv>.<tag>.<ciphertext>", base64url, a fresh 96-bit IV each time. The
// operator's user id is the additional data, so a sealed secret copied onto another operator's
// row does not open.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]+)$/;
/** Migration 024's clear form; only rows from before migration 028 can hold it. */
const CLEAR = /^[A-Z2-7]{32}$/;

/** The key does not open a stored secret: the wrong OPERATOR_SECRET_KEY, or a tampered row. */
export class OperatorSecretKeyError extends Error {
  override name = "OperatorSecretKeyError";

  constructor(userId: string, options?: ErrorOptions) {
    super(
      `OPERATOR_SECRET_KEY does not decrypt the TOTP secret of operator ${userId}: ` +
        "is it the key the secrets were sealed with? (or the row was altered)",
      options,
    );
  }
}

export class TotpSecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error("an AES-256 key has 32 bytes");
    this.#key = Buffer.from(key);
  }

  seal(userId: string, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    cipher.setAAD(additionalData(userId));
    const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
    return [VERSION, ...parts].join(".");
  }

  /** The clear secret; a pre-028 clear value is answered as it is. */
  open(userId: string, stored: string): string {
    if (CLEAR.test(stored)) return stored;
    const match = SEALED.exec(stored);
    if (!match) throw new OperatorSecretKeyError(userId);
    const [iv, tag, body] = match.slice(1).map((part) => Buffer.from(part ?? "", "base64url"));
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, iv as Buffer);
      decipher.setAAD(additionalData(userId));
      decipher.setAuthTag(tag as Buffer);
      return Buffer.concat([decipher.update(body as Buffer), decipher.final()]).toString("utf8");
    } catch (err) {
      throw new OperatorSecretKeyError(userId, { cause: err });
    }
  }
}

export function isSealed(stored: string): boolean {
  return SEALED.test(stored);
}

function additionalData(userId: string): Buffer {
  return Buffer.from(`operator_totp:${userId}`, "utf8");
}
