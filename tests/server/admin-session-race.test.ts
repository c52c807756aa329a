// Racing second factors (issue 22), on PGlite and on real PostgreSQL (PGlite serialises
// everything): one TOTP code sent by three sessions at once, or one recovery code, signs in
// exactly one of them; the others are refused as reused.
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { codeAt, enrolledOperator, passwordSignIn, sessionCall } from "./helpers/operator-sign-in";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";

const getPglite = usePglite();

function raceSuite(getDb: () => Db) {
  const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });

  /** Three fresh sessions of the operator send `body` at once: their answers' bodies. */
  async function race(username: string, body: object): Promise<{ HttpStatusCode: number }[]> {
    const tokens = await Promise.all([1, 2, 3].map(() => passwordSignIn(app, username)));
    const answers = await Promise.all(
      tokens.map((token) => sessionCall(app, token, "POST", "/verify", body)),
    );
    return answers.map((answer) => answer.json<{ HttpStatusCode: number }>());
  }

  const expectOneWinner = (answers: { HttpStatusCode: number }[], factor: string) => {
    const won = answers.filter((a) => a.HttpStatusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.HttpStatusCode !== 200)) {
      expect(lost).toMatchObject({
        HttpStatusCode: 422,
        Code: "SECOND_FACTOR_INVALID",
        Params: { factor, reason: "reused" },
      });
    }
  };

  it("signs in one session with a TOTP code sent by three at once", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-race");
    expectOneWinner(await race(op.username, { code: codeAt(op.secret, 1) }), "code");
  });

  it("signs in one session with a recovery code sent by three at once", async () => {
    const op = await enrolledOperator(app, getDb(), "ops-race2");
    const recoveryCode = op.recoveryCodes[3] ?? "";
    expectOneWinner(await race(op.username, { recoveryCode }), "recoveryCode");
  });
}

describe("PGlite", () => raceSuite(getPglite));
describePostgres("PostgreSQL", ({ db }) => raceSuite(db));
