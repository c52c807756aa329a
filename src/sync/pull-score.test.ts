// The weighted score is stored as GET /profile/score answers it; a failed read keeps what was
// stored and never fails the pull; sign-out forgets it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApi } from "../api/client";
import { clearUserData } from "../db/account-data";
import { database } from "../db/database";
import { freshDevice } from "../db/sync-test-fixtures";
import { pullWeightedScore } from "./pull-score";

const SCORE = {
  weightedScore: 110,
  creditLevel: 1,
  terms: { totalLimit: 100, usageHabits: 10, contribution: 0 },
  inputs: {
    totalDeposits: "2500",
    activeDays: 1,
    backtests: 0,
    strategiesShared: 0,
    verified: true,
  },
  nextLevel: {
    level: 2,
    minScore: 300,
    quota: "5000",
    pointsNeeded: 190,
    needsVerification: false,
  },
  computedAt: "2026-01-01T00:00:00.000Z",
};

function serve(status: number, body: unknown): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe("pullWeightedScore", () => {
  beforeEach(async () => {
    await freshDevice("u1");
    configureApi({ origin: "http://quanta.test", getToken: () => null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("stores the answer, keeps it when a read fails, and forgets it at sign-out", async () => {
    serve(200, { HttpStatusCode: 200, Message: "OK", Data: SCORE });
    await pullWeightedScore("u1");
    expect(await database().weightedScores.get("u1")).toMatchObject({ ...SCORE, userId: "u1" });

    serve(503, { HttpStatusCode: 503, Message: "down", Code: "UNAVAILABLE", Data: null });
    await expect(pullWeightedScore("u1")).resolves.toBeUndefined();
    expect((await database().weightedScores.get("u1"))?.weightedScore).toBe(110);

    await clearUserData("u1");
    expect(await database().weightedScores.get("u1")).toBeUndefined();
  });
});
