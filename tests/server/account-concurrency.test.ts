// Per-user rules under concurrent requests: one identity submission under review, one decision
// per submission, the daily upload quota. PGlite serialises everything, so the same assertions
// run on real PostgreSQL (DATABASE_URL) where requests truly overlap.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Config } from "../../server/config";
import type { Db } from "../../server/db/db";

import { uploadsDirOf } from "../../server/domain/uploads/upload-files";
import { identityBody, operatorPost, postIdentity } from "./helpers/identity";
import { pngImage } from "./helpers/images";
import { createUserSession } from "./helpers/sessions";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";
import { filesUnder, insertPastUploads, postUpload, uploadRowCount } from "./helpers/uploads";

const getPglite = usePglite();

function concurrencySuite(getDb: () => Db) {
  let app: FastifyInstance;
  let config: Config;
  beforeAll(async () => {
    config = testConfig();
    app = await buildTestApp({
      db: getDb(),
      config,
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("accepts exactly one of many simultaneous identity submissions", async () => {
    const user = await createUserSession(getDb());
    const bodies = [];
    for (let i = 0; i < 6; i++) bodies.push({ ...(await identityBody(app, user)), idType: i % 4 });
    const answers = await Promise.all(bodies.map((body) => postIdentity(app, user, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const [row] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM identity_submissions WHERE user_id = $1",
      [user.userId],
    );
    expect(row?.n).toBe(1);
  });

  it("lets exactly one of two simultaneous decisions win, with one audit row", async () => {
    const [a, b] = [
      await createUserSession(getDb(), { role: "operator" }),
      await createUserSession(getDb(), { role: "operator" }),
    ];
    const user = await createUserSession(getDb());
    await postIdentity(app, user, await identityBody(app, user));
    const [sub] = await getDb().query<{ id: string }>(
      "SELECT id FROM identity_submissions WHERE user_id = $1",
      [user.userId],
    );
    const answers = await Promise.all([
      operatorPost(app, a, `/identity/${sub?.id}/approve`),
      operatorPost(app, b, `/identity/${sub?.id}/reject`, { reason: "No" }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audit = await getDb().query("SELECT 1 FROM audit_log WHERE target_id = $1", [
      sub?.id ?? "",
    ]);
    expect(audit).toHaveLength(1);
  });

  it("holds the daily quota under simultaneous uploads, leaving no orphan files", async () => {
    const user = await createUserSession(getDb());
    await insertPastUploads(getDb(), user.userId, 48, 1000);
    const rowsBefore = await uploadRowCount(getDb());
    const filesBefore = (await filesUnder(uploadsDirOf(config.dataDir))).length;
    const png = await pngImage();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postUpload(app, user, { data: png })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
    expect(await uploadRowCount(getDb())).toBe(rowsBefore + 2);
    expect(await filesUnder(uploadsDirOf(config.dataDir))).toHaveLength(filesBefore + 2);
  });
}

describe("PGlite", () => {
  beforeEach(async () => {
    await resetDb(getPglite());
  });
  concurrencySuite(getPglite);
});

describePostgres(
  "PostgreSQL",
  ({ db }) => {
    concurrencySuite(db);
  },
  { migrate: true },
);
