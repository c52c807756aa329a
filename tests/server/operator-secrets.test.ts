// Operators' TOTP secrets sealed at rest (AES-256-GCM under OPERATOR_SECRET_KEY, migration 028):
// on the real app and PGlite, and the start-time sealing of clear rows on PostgreSQL too. The
// stored value is not the secret, sign-in still works, a wrong key or a moved row fails clearly.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createOperator } from "../../server/domain/auth/operators";
import { loadTotpSecretBox, sealOperatorSecrets } from "../../server/domain/auth/operator-secrets";
import {
  isSealed,
  OperatorSecretKeyError,
  TotpSecretBox,
} from "../../server/domain/auth/totp-secret-box";
import type { Db } from "../../server/db/db";
import {
  codeAt,
  enrolledOperator,
  OPERATOR_PASSWORD,
  passwordSignIn,
  sessionCall,
} from "./helpers/operator-sign-in";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";

const KEY = Buffer.alloc(32, 0x5a);
const getDb = usePglite();
const app = useTestApp(getDb, {
  rateLimit: NO_RATE_LIMIT,
  resetDbBeforeEach: true,
  env: { OPERATOR_SECRET_KEY: KEY.toString("hex") },
});

const storedSecret = async (db: Db, userId: string) => {
  const [row] = await db.query<{ secret: string }>(
    "SELECT secret FROM operator_totp WHERE user_id = $1",
    [userId],
  );
  return row?.secret ?? "";
};

describe("TOTP secrets at rest", () => {
  it("are stored sealed, never as the secret, and sign-in still works", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-ivy");
    const stored = await storedSecret(getDb(), op.userId);
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain(op.secret);
    expect(new TotpSecretBox(KEY).open(op.userId, stored)).toBe(op.secret);
    // Sealing twice gives two different values (a fresh IV each time).
    const box = new TotpSecretBox(KEY);
    expect(box.seal(op.userId, op.secret)).not.toBe(box.seal(op.userId, op.secret));

    const token = await passwordSignIn(app, "ops-ivy");
    const verified = await sessionCall(app, token, "POST", "/verify", {
      code: codeAt(op.secret, 1),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("a wrong key, or a sealed secret moved to another operator, fails clearly", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-jon");
    const stored = await storedSecret(getDb(), op.userId);
    const wrong = new TotpSecretBox(Buffer.alloc(32, 1));
    expect(() => wrong.open(op.userId, stored)).toThrow(OperatorSecretKeyError);
    expect(() => wrong.open(op.userId, stored)).toThrow(
      `OPERATOR_SECRET_KEY does not decrypt the TOTP secret of operator ${op.userId}`,
    );
    // A server started with the wrong key refuses to start, before any sign-in fails.
    await expect(sealOperatorSecrets(getDb(), wrong)).rejects.toThrow(OperatorSecretKeyError);
    expect(await storedSecret(getDb(), op.userId)).toBe(stored);

    const other = await enrolledOperator(app, getDb(), "ops-kim");
    await getDb().query("UPDATE operator_totp SET secret = $2 WHERE user_id = $1", [
      other.userId,
      stored,
    ]);
    const token = await passwordSignIn(app, "ops-kim");
    const refused = await sessionCall(app, token, "POST", "/verify", {
      code: codeAt(op.secret, 1),
    });
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain(op.secret);
  });

  it("a clear secret from before migration 028 is sealed on start and keeps working", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-lea");
    await getDb().query("UPDATE operator_totp SET secret = $2 WHERE user_id = $1", [
      op.userId,
      op.secret,
    ]);
    expect(await sealOperatorSecrets(getDb(), new TotpSecretBox(KEY))).toBe(1);
    const stored = await storedSecret(getDb(), op.userId);
    expect(isSealed(stored)).toBe(true);
    expect(await sealOperatorSecrets(getDb(), new TotpSecretBox(KEY))).toBe(0);
    const token = await passwordSignIn(app, "ops-lea");
    const verified = await sessionCall(app, token, "POST", "/verify", {
      code: codeAt(op.secret, 1),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("without a key (production unset) the server starts only while there are no operators", async () => {
    expect(loadTotpSecretBox({ kind: "none" })).toBeNull();
    expect(await sealOperatorSecrets(getDb(), null)).toBe(0);
    await createOperator(getDb(), "ops-max", OPERATOR_PASSWORD, "support");
    await expect(sealOperatorSecrets(getDb(), null)).rejects.toThrow(
      "OPERATOR_SECRET_KEY is not set, and operators exist",
    );
  });
});

describe("the demo key file", () => {
  it("is generated once (0600) and reused, so sealed secrets still open after a restart", () => {
    const file = path.join(
      mkdtempSync(path.join(tmpdir(), "quanta-key-")),
      "d",
      "operator-secret.key",
    );
    const first = loadTotpSecretBox({ kind: "file", file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = first?.seal("7", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP") ?? "";
    const again = loadTotpSecretBox({ kind: "file", file });
    expect(again?.open("7", sealed)).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
  });
});

describePostgres(
  "TOTP secrets sealed on start",
  (pg) => {
    it("seals clear rows in one pass, refuses a wrong key, and opens with the right one", async () => {
      const db = pg.db();
      const { id } = await createOperator(db, "ops-pg", OPERATOR_PASSWORD, "admin");
      const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
      await db.query("INSERT INTO operator_totp (user_id, secret) VALUES ($1, $2)", [id, secret]);
      const box = new TotpSecretBox(KEY);
      expect(await sealOperatorSecrets(db, box)).toBe(1);
      const stored = await storedSecret(db, id);
      expect(isSealed(stored)).toBe(true);
      expect(box.open(id, stored)).toBe(secret);
      await expect(sealOperatorSecrets(db, new TotpSecretBox(Buffer.alloc(32)))).rejects.toThrow(
        OperatorSecretKeyError,
      );
      // The CHECK admits only the sealed form and migration 024's clear form.
      await expect(
        db.query("UPDATE operator_totp SET secret = 'plain text' WHERE user_id = $1", [id]),
      ).rejects.toThrow();
    });
  },
  { migrate: true },
);
