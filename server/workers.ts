// The background workers: the ledger sealer, the status prober, the market feed (ingest: ticks,
// candles and the live book), the wallet workers (recharge confirmations, withdrawal sends), the
// spot matcher, the contract worker (triggers and waiting limit orders), the options settler, the
// quant jobs and plans, the weighted score job, the invitation reward payer and the mail queue.
// The workers service (server-services.ts) runs them in the process that leads
// (domain/leadership): once across every server process on one database.
// startWorkers starts them all and answers what stops them.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/db";
import { startContractWorker } from "./domain/contract/contract-worker";
import { startRewardWorker } from "./domain/invite/reward-worker";
import { startMailQueue } from "./domain/newsletter/mail-queue";
import { startLedgerSealer } from "./domain/ledger/seal-ledger";
import { startOptionsSettler } from "./domain/options/options-settler";
import { startScoreJob } from "./domain/profile/score/score-job";
import { startQuantJobs } from "./domain/quant/jobs/start-quant-jobs";
import { startPlanRunner } from "./domain/quant/plans/plan-runner";
import { STRATEGIES } from "./domain/quant/strategies/index";
import { startSpotMatcher } from "./domain/spot/spot-matcher";
import { startStatusProber } from "./domain/status/status-prober";
import { createWalletWorkers, startWalletWorkers } from "./domain/wallet/wallet-workers";
import { liveProbe } from "./market/live-probe";
import type { MarketSource } from "./market/sources/market-source";
import {
  startBinanceMarket,
  startSimulatedMarket,
  type RunningMarket,
} from "./market/start-market";

export interface WorkerOptions {
  /** The demo chain's start (server-services.ts), awaited with the market before the first status probe. */
  chainStarted?: Promise<unknown>;
}

/** Ticks of the feed before `live` is first probed: one interval more than the market's start. */
const FIRST_PROBE_DELAY_MS = 2_000;

export async function startWorkers(
  config: Config,
  db: Db,
  app: FastifyInstance,
  options: WorkerOptions = {},
): Promise<() => Promise<void>> {
  const log = app.log;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  // Chains what was committed but not sealed when the last leader stopped, and all that
  // follows (domain/ledger/README.md "Sealing").
  const sealer = startLedgerSealer(db, log);
  const prober = startStatusProber(db, config, {
    onError: (err) => log.error({ err }, "status probe round failed"),
    // The first round after the market and the chain started (below): probes taken while
    // backfilling or compiling would count a slow start as an outage.
    ready,
  });
  // A first start backfills history for a few seconds; `live` stays down until the feed runs.
  const stopMarketStart = new AbortController();
  const market = startMarket(config, db, log, stopMarketStart.signal).then((running) => {
    if (running) {
      prober.registry.registerProbe("live", liveProbe(db, running.feed));
      // GET /market/depth, the market sockets and spot orders serve from the attached feed.
      app.market.attach(running.feed);
    } else {
      // The market is built but did not start: that is an outage, and shown as one.
      prober.registry.registerProbe("live", async () => ({
        state: "down",
        detail: "the market feed did not start",
      }));
    }
    return running;
  });
  // ...and one tick interval more, so the feed has ticked once before `live` is first probed.
  const firstProbe = Promise.allSettled([market, options.chainStarted]).then(() =>
    setTimeout(markReady, FIRST_PROBE_DELAY_MS).unref(),
  );
  // Recharge confirmations and withdrawal sends: from now on in production (the chain is
  // attached when the app is built); in demo the workers find the dev chain once attached.
  const walletWorkers = startWalletWorkers(createWalletWorkers(db, app.chain), log);
  // Resting limit orders, loaded from the database now and filled as the attached feed's books
  // cross them (domain/spot/README.md).
  const spotMatcher = await startSpotMatcher({
    db,
    market: app.market,
    log,
    pauseBetweenFillsMs: testPauseMs(config, "QUANTA_TEST_FILL_PAUSE_MS"),
  });
  // Contract positions: first every tick recorded since the stored cursors (a restart's), then
  // each flush's; waiting limit orders as the books cross them (domain/contract/README.md).
  const contractWorker = await startContractWorker({
    db,
    market: app.market,
    log,
    pauseAfterCloseMs: testPauseMs(config, "QUANTA_TEST_CONTRACT_PAUSE_MS"),
  });
  // Rise/fall options: first every order the record says is due (a restart's overdue ones),
  // then each order once the attached feed records its exit (domain/options/README.md).
  const settlePause = testPauseMs(config, "QUANTA_TEST_SETTLE_PAUSE_MS");
  const optionsSettler = await startOptionsSettler({
    db,
    market: app.market,
    log,
    // A crash test's pause settles one order per batch, so a kill lands between two.
    ...(settlePause > 0 ? { batchSize: 1, pauseAfterBatchMs: settlePause } : {}),
  });
  // Lab backtests and optimisations in worker threads; plans' daily backtests once the market runs.
  const stopQuantJobs = await startQuantJobs({
    db,
    config,
    log,
    registry: prober.registry,
    ready: market,
  });
  // Quant plans: first every running plan over the ticks recorded since its cursors (a
  // restart's), delivering those past due; then each flush's (domain/quant/plans/README.md).
  const planRunner = await startPlanRunner({
    db,
    market: app.market,
    log,
    strategies: (id) => STRATEGIES[id],
    pauseMs: testPauseMs(config, "QUANTA_TEST_PLAN_PAUSE_MS"),
  });
  // Weighted scores: users with queued events every 2 s, and a daily recompute of everyone
  // (domain/profile/score/README.md).
  const scoreJob = startScoreJob({ db, log });
  // Invitation rewards: the queue events fill, and a sweep for rewards waiting for budget.
  const rewardWorker = startRewardWorker(db, config.invite, log);
  // Confirmation and newsletter mails, from the mail_queue table (domain/newsletter/README.md).
  const mailQueue = startMailQueue(db, app.mail, log);
  return async () => {
    stopMarketStart.abort();
    await mailQueue.stop();
    await rewardWorker.stop();
    await scoreJob.stop();
    await stopQuantJobs();
    clearTimeout(await firstProbe);
    await planRunner.stop();
    await optionsSettler.stop();
    await contractWorker.stop();
    await spotMatcher.stop();
    await walletWorkers.stop();
    await sealer.stop();
    await prober.stop();
    const running = await market;
    if (running) {
      app.market.detach();
      // Stops ticking and records what is pending, before the database closes.
      await running.stop();
    }
  };
}

/**
 * QUANTA_TEST_FILL_PAUSE_MS (tests/server/spot-matcher-crash.test.ts) slows the matcher so a
 * SIGKILL lands between two fills of one round; QUANTA_TEST_SETTLE_PAUSE_MS
 * (tests/server/options-settler-crash.test.ts) the options settler between two batches,
 * QUANTA_TEST_CONTRACT_PAUSE_MS (tests/server/contract-restart-crash.test.ts) the contract worker
 * between two closes, QUANTA_TEST_PLAN_PAUSE_MS (tests/server/quant-plan-restart-crash.test.ts)
 * the plan runner between two transactions. Honoured in demo mode only; never configuration.
 */
function testPauseMs(config: Config, name: string): number {
  const value = Number(process.env[name] ?? "0");
  return config.mode === "demo" && Number.isInteger(value) && value > 0
    ? Math.min(value, 1_000)
    : 0;
}

/**
 * The feed MARKET_SOURCE names: the simulated market (demo) or Binance's public streams. Never
 * rejects: a market that cannot start leaves the rest of the server serving (`live` down).
 */
async function startMarket(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<RunningMarket<MarketSource> | undefined> {
  if (config.market.source === "binance") {
    try {
      const running = await startBinanceMarket(db, config.market, {
        onError: (err) => log.error({ err }, "market feed flush or prune failed"),
        log: { info: (msg) => log.info(msg), warn: (msg) => log.warn(msg) },
      });
      log.info(`market feed running: Binance streams from ${config.market.binanceUrl}`);
      return running;
    } catch (err) {
      log.error({ err }, "the market feed could not start");
      return undefined;
    }
  }
  try {
    const running = await startSimulatedMarket(db, config.market, {
      signal,
      onError: (err) => log.error({ err }, "market feed flush or prune failed"),
      onBackfill: ({ candles, ms }) =>
        log.info(`market history backfilled: ${candles} one-minute candles in ${ms} ms`),
    });
    log.info(`market feed running (${config.market.ticksPerSecond} ticks/s per symbol)`);
    return running;
  } catch (err) {
    if (!signal.aborted) log.error({ err }, "the market feed could not start");
    return undefined;
  }
}
