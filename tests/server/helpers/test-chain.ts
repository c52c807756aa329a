// A real anvil dev chain for a test file: instant mining (tests mine blocks themselves for
// confirmations), two confirmations as in demo, and its own compile cache directory.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDevChain, type DevChain } from "../../../server/chain/dev-chain";

export function startTestChain(): Promise<DevChain> {
  return startDevChain({
    cacheDir: mkdtempSync(path.join(tmpdir(), "quanta-chain-")),
    confirmations: 2,
    blockTimeSeconds: 0,
  });
}
