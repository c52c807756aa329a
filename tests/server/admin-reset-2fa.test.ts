// `npm run admin -- reset-2fa <username>` in process (the spawned CLI, both paths, is in
// admin-cli.test.ts): the command as argv and socket JSON, then on the real app and PGlite (and
// PostgreSQL when DATABASE_URL is set) — TOTP and recovery codes gone, every session ended, the
// next sign-in enrols again, the audit row in the same transaction, an unknown name refused.
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { commandFromJson, parseAdminArgs, runAdminCommand } from "../../server/cli/admin-commands";
import { createOperator } from "../../server/domain/auth/operators";
import { cliActor } from "../../server/domain/operators/operator-actor";
import {
  enrolledOperator,
  OPERATOR_PASSWORD,
  passwordSignIn,
  sessionCall,
} from "./helpers/operator-sign-in";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
const actor = cliActor("root");

const counts = async (db: Db, userId: string) => {
  const [row] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM operator_totp WHERE user_id = $1) AS totp,
            (SELECT count(*)::int FROM operator_recovery_codes WHERE user_id = $1) AS codes,
            (SELECT count(*)::int FROM operator_sessions
              WHERE user_id = $1 AND revoked_at IS NULL) AS live,
            (SELECT count(*)::int FROM audit_log) AS audit`,
    [userId],
  );
  return row;
};

describe("reset-2fa", () => {
  it("parses from argv and from the socket's JSON, refusing anything else", () => {
    expect(parseAdminArgs(["reset-2fa", "olga"])).toEqual({ name: "reset-2fa", username: "olga" });
    for (const args of [["reset-2fa"], ["reset-2fa", "a", "b"], ["reset-2fa", "--all"]]) {
      expect(parseAdminArgs(args)).toEqual({
        error: '"reset-2fa" takes exactly one argument: <username>.',
      });
    }
    expect(commandFromJson({ name: "reset-2fa", username: "olga" })).toEqual({
      name: "reset-2fa",
      username: "olga",
    });
    expect(commandFromJson({ name: "reset-2fa", username: 7 })).toBeNull();
    expect(commandFromJson({ name: "reset-2fa", username: "x".repeat(101) })).toBeNull();
  });

  it("clears the second factor and ends the sessions: the next sign-in enrols again", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-pia");
    const other = await enrolledOperator(app, getDb(), "ops-quin");
    const second = await passwordSignIn(app, "ops-pia");
    const before = await counts(getDb(), op.userId);
    expect(before).toMatchObject({ totp: 1, codes: 10, live: 2 });

    const result = await runAdminCommand(
      getDb(),
      { name: "reset-2fa", username: " OPS-PIA " },
      actor,
    );
    expect(result).toEqual({
      kind: "second-factor-reset",
      userId: op.userId,
      username: "ops-pia",
      hadTotp: true,
      recoveryCodesDropped: 10,
      sessionsEnded: 2,
    });
    expect(await counts(getDb(), op.userId)).toEqual({
      totp: 0,
      codes: 0,
      live: 0,
      audit: (before?.audit ?? 0) + 1,
    });
    for (const token of [op.token, second]) {
      expect((await sessionCall(app, token, "GET", "")).statusCode).toBe(401);
    }
    const [audit] = await getDb().query<{ actor_label: string; target_id: string; detail: object }>(
      "SELECT actor_label, target_id, detail FROM audit_log WHERE action = 'operator.reset-2fa'",
    );
    expect(audit).toEqual({
      actor_label: "cli:root",
      target_id: op.userId,
      detail: { username: "ops-pia", hadTotp: true, recoveryCodesDropped: 10, sessionsEnded: 2 },
    });
    // The other operator is untouched; ops-pia's next password sign-in is in stage enrol.
    expect(await counts(getDb(), other.userId)).toMatchObject({ totp: 1, codes: 10, live: 1 });
    const again = await passwordSignIn(app, "ops-pia");
    const session = await sessionCall(app, again, "GET", "");
    expect(session.json()).toMatchObject({ Data: { stage: "enrol" } });
    expect((await sessionCall(app, again, "POST", "/enrolment")).statusCode).toBe(200);
  });

  it("refuses an unknown name and changes nothing", async () => {
    const { id } = await createOperator(getDb(), "ops-ray", OPERATOR_PASSWORD, "support");
    const before = await counts(getDb(), id);
    for (const username of ["nobody", ""]) {
      await expect(
        runAdminCommand(getDb(), { name: "reset-2fa", username }, actor),
      ).rejects.toMatchObject({ code: "NOT_FOUND", message: `No operator named "${username}"` });
    }
    expect(await counts(getDb(), id)).toEqual(before);
  });
});

describePostgres(
  "reset-2fa",
  (pg) => {
    it("clears an operator's second factor and sessions, audited, on PostgreSQL", async () => {
      const db = pg.db();
      const { id } = await createOperator(db, "ops-pg", OPERATOR_PASSWORD, "admin");
      await db.query(
        `INSERT INTO operator_sessions (user_id, token_hash, expires_at)
         VALUES ($1, repeat('a', 64), now() + interval '1 hour')`,
        [id],
      );
      await db.query(
        "INSERT INTO operator_recovery_codes (user_id, code_hash) VALUES ($1, repeat('b', 64))",
        [id],
      );
      const result = await runAdminCommand(db, { name: "reset-2fa", username: "ops-pg" }, actor);
      expect(result).toMatchObject({ hadTotp: false, recoveryCodesDropped: 1, sessionsEnded: 1 });
      expect(await counts(db, id)).toMatchObject({ totp: 0, codes: 0, live: 0 });
    });
  },
  { migrate: true },
);
