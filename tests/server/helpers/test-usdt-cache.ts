// Test USDT compiled once per checkout for all tests. Every dev chain a test starts (its own
// anvil, its own DATA_DIR/chain with its own random platform keys) would otherwise load solc-js
// and compile TestUSDT.sol again: about a second of CPU each, dozens of times per run. The shared
// cache is the production cache itself (test-usdt-artifact.ts: keyed by source, compiler and
// settings), so an edited contract is compiled again; a test's directory only gets a copy of the
// file, which the chain reads exactly as a server restarted on an existing DATA_DIR would.
// tests/server/chain-dev.test.ts keeps its own empty directory: it tests the compile itself.
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { loadTestUsdtArtifact } from "../../../server/chain/test-usdt-artifact";
import { TEST_CACHE_DIR } from "./pglite-template";

let shared: Promise<string> | undefined;

/** Puts the compiled Test USDT into `cacheDir` (a dev chain's cacheDir, DATA_DIR/chain). */
export async function seedTestUsdt(cacheDir: string): Promise<void> {
  shared ??= loadTestUsdtArtifact(path.join(TEST_CACHE_DIR, "chain")).then(
    (loaded) => loaded.cacheFile,
    (err: unknown) => {
      shared = undefined; // not cached: the next chain tries (and reports) again
      throw err;
    },
  );
  const file = await shared;
  await mkdir(cacheDir, { recursive: true });
  await copyFile(file, path.join(cacheDir, path.basename(file)));
}
