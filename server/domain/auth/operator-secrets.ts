// The operator key at start: read (or, in demo, generate once) the key, then seal any TOTP secret
// still stored in clear (rows from before migration 028; SQL cannot encrypt without the key, so
// the server does it on its next start, in one transaction) and check that the key opens the
// stored secrets — a wrong key stops the start with a clear message instead of failing every
// operator's sign-in later.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/db";
import { decodeKey, type OperatorKeySource } from "./operator-key-config";
import { TotpSecretBox } from "./totp-secret-box";

/** The box for the configured key; null in production without OPERATOR_SECRET_KEY. */
export function loadTotpSecretBox(source: OperatorKeySource): TotpSecretBox | null {
  if (source.kind === "none") return null;
  return new TotpSecretBox(source.kind === "env" ? source.key : keyFile(source.file));
}

function keyFile(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // "wx": never overwrite a key another process wrote meanwhile (its secrets would not open).
      writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  // A copy restored with looser permissions is tightened, not trusted as it came.
  chmodSync(file, 0o600);
  const key = decodeKey(readFileSync(file, "utf8").trim());
  if (key === null) throw new Error(`${file}: not a 32-byte key (64 hex digits)`);
  return key;
}

/**
 * Run once the schema is current. Refuses (throws) when there are operators but no key, or when
 * the key does not open a stored secret; otherwise seals the clear ones. Answers how many.
 */
export async function sealOperatorSecrets(db: Db, box: TotpSecretBox | null): Promise<number> {
  if (box === null) {
    const [row] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE role = 'operator'",
    );
    if ((row?.n ?? 0) > 0) {
      throw new Error(
        "OPERATOR_SECRET_KEY is not set, and operators exist: their TOTP secrets are stored " +
          "encrypted under it (32 bytes as hex or base64, e.g. `openssl rand -hex 32`)",
      );
    }
    return 0;
  }
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: string; secret: string }>(
      "SELECT user_id, secret FROM operator_totp ORDER BY user_id FOR UPDATE",
    );
    let sealed = 0;
    for (const row of rows) {
      // Opening checks the key on every sealed row; a clear one opens as it is.
      const secret = box.open(row.user_id, row.secret);
      if (secret === row.secret) {
        await tx.query("UPDATE operator_totp SET secret = $2 WHERE user_id = $1", [
          row.user_id,
          box.seal(row.user_id, secret),
        ]);
        sealed += 1;
      }
    }
    return sealed;
  });
}
