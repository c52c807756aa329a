// A real anvil dev chain for a test file: instant mining (tests mine blocks themselves for
// confirmations), two confirmations as in demo, and its own cache directory (platform keys),
// holding a copy of the Test USDT compiled once per checkout (test-usdt-cache.ts).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startDevChain, type DevChain } from "../../../server/chain/dev-chain";
import type { Db } from "../../../server/db/db";
import { buildTestApp, type TestAppOptions } from "./test-app";
import { seedTestUsdt } from "./test-usdt-cache";

export async function startTestChain(): Promise<DevChain> {
  const cacheDir = mkdtempSync(path.join(tmpdir(), "quanta-chain-"));
  await seedTestUsdt(cacheDir);
  return startDevChain({
    cacheDir,
    confirmations: 2,
    blockTimeSeconds: 0,
  });
}

export interface ChainApp {
  app: FastifyInstance;
  chain: DevChain;
}

export interface ChainAppOptions {
  app?: Omit<TestAppOptions, "db">;
  /** Attach the chain to the app before every test (default), so one that detached it is undone. */
  attach?: boolean;
}

/**
 * The real app and a dev chain for a test file: started before its tests (handed to `use`),
 * stopped after them, and the chain attached to the app before each test.
 */
export function useChainApp(
  getDb: () => Db,
  use: (running: ChainApp) => void,
  options: ChainAppOptions = {},
): void {
  let running: ChainApp | undefined;
  beforeAll(async () => {
    const chain = await startTestChain();
    try {
      running = { chain, app: await buildTestApp({ db: getDb(), ...options.app }) };
    } catch (err) {
      await chain.stop();
      throw err;
    }
    use(running);
  }, 60_000);
  afterAll(async () => {
    await running?.app.close();
    await running?.chain.stop();
  });
  beforeEach(() => {
    if (running && options.attach !== false) running.app.chain.attachDev(running.chain);
  });
}
