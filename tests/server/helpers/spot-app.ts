// One spot test environment per test file on PGlite: the real app, and per test a fresh database,
// a seeded simulated market stepped by hand and attached as main.ts attaches it, the real
// matcher, and a funded-later user. After every test the ledger must check clean and no limit
// order may disagree with its reservation.
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import type { Db } from "../../../server/db/db";
import { checkLedger } from "../../../server/domain/ledger/check-ledger";
import { startSpotMatcher, type SpotMatcher } from "../../../server/domain/spot/spot-matcher";
import type { RunningMarket } from "../../../server/market/start-market";
import { createUserSession, type TestSession } from "./sessions";
import { reservationMismatches, startTestMarket } from "./spot";
import { buildTestApp } from "./test-app";
import { resetDb, usePglite } from "./test-db";

export interface SpotEnv {
  db: Db;
  app: FastifyInstance;
  market: RunningMarket;
  matcher: SpotMatcher;
  user: TestSession;
}

export function useSpotApp(seed = "spot-test"): () => SpotEnv {
  const getDb = usePglite();
  let app: FastifyInstance | undefined;
  let env: SpotEnv | undefined;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    const db = getDb();
    await resetDb(db);
    if (!app) throw new Error("the app is built in beforeAll");
    const market = await startTestMarket(db, seed);
    app.market.attach(market.feed);
    const matcher = await startSpotMatcher({ db, market: app.market, log: console });
    env = { db, app, market, matcher, user: await createUserSession(db) };
  });
  afterEach(async () => {
    if (!env) return;
    const { db, matcher, market } = env;
    await matcher.settled();
    expect((await checkLedger(db)).violations).toEqual([]);
    expect(await reservationMismatches(db)).toEqual([]);
    await matcher.stop();
    env.app.market.detach();
    await market.stop();
    env = undefined;
  });
  return () => {
    if (!env) throw new Error("useSpotApp(): the environment exists inside tests only");
    return env;
  };
}
