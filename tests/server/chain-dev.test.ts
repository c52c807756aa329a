// The demo dev chain on a real anvil: Test USDT compiled from the repository's source (and the
// compile cache), deployed and minted with 6 decimals, transfers from the hot wallet, blocks that
// keep coming, and no anvil outliving its server.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { erc20Abi, formatUnits, getAddress, parseUnits, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_CHAIN_ID } from "../../server/chain/anvil-process";
import { HOT_WALLET_FLOAT, startDevChain, type DevChain } from "../../server/chain/dev-chain";
import {
  artifactKey,
  loadTestUsdtArtifact,
  TEST_USDT_SOURCE_PATH,
} from "../../server/chain/test-usdt-artifact";
import { ChildRunner, ROOT } from "./helpers/child-process";
import { freePort } from "./helpers/net";
import { randomAddress } from "./helpers/sessions";

const cacheDir = mkdtempSync(path.join(tmpdir(), "quanta-chain-"));
let chain: DevChain;

beforeAll(async () => {
  chain = await startDevChain({ cacheDir, confirmations: 2 });
}, 60_000);
afterAll(async () => {
  await chain?.stop();
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilDead(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

describe("Test USDT artifact", () => {
  it("is compiled from TestUSDT.sol once, then read from the cache keyed by source and compiler", async () => {
    // startDevChain compiled into cacheDir; a second load must not compile again.
    const cached = await loadTestUsdtArtifact(cacheDir);
    expect(cached.fromCache).toBe(true);
    const source = readFileSync(TEST_USDT_SOURCE_PATH, "utf8");
    expect(cached.artifact.key).toBe(artifactKey(source, cached.artifact.compilerVersion));
    expect(cached.artifact.bytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    const names = cached.artifact.abi.flatMap((item) => ("name" in item ? [item.name] : []));
    expect(names).toEqual(
      expect.arrayContaining(["transfer", "approve", "transferFrom", "mint", "Transfer"]),
    );

    // A changed source (or compiler) is another key, so another cache file.
    expect(artifactKey(`${source}\n`, cached.artifact.compilerVersion)).not.toBe(
      cached.artifact.key,
    );
    expect(artifactKey(source, "0.0.1")).not.toBe(cached.artifact.key);

    // A cache file whose key does not match is not trusted: the source is compiled again.
    const stale = JSON.parse(readFileSync(cached.cacheFile, "utf8")) as Record<string, unknown>;
    writeFileSync(cached.cacheFile, JSON.stringify({ ...stale, key: "0".repeat(64) }));
    const recompiled = await loadTestUsdtArtifact(cacheDir);
    expect(recompiled.fromCache).toBe(false);
    expect(recompiled.artifact.bytecode).toBe(cached.artifact.bytecode);
    expect((await loadTestUsdtArtifact(cacheDir)).fromCache).toBe(true);
  }, 60_000);
});

describe("dev chain", () => {
  const balanceOf = (owner: Address) =>
    chain.publicClient.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [owner],
    });

  it("runs chain 31337 with Test USDT (6 decimals) minted to the hot wallet", async () => {
    expect(await chain.publicClient.getChainId()).toBe(DEV_CHAIN_ID);
    const read = (functionName: "name" | "symbol" | "decimals" | "totalSupply") =>
      chain.publicClient.readContract({ address: chain.token, abi: erc20Abi, functionName });
    expect(await read("name")).toBe("Test USDT");
    expect(await read("symbol")).toBe("USDT");
    expect(await read("decimals")).toBe(6);
    expect(await read("totalSupply")).toBe(HOT_WALLET_FLOAT);
    expect(await balanceOf(chain.hotWallet)).toBe(parseUnits("100000000", 6));
    expect(await balanceOf(chain.depositAddress)).toBe(0n);
    // Three different accounts, all checksummed; the deposit address is not the hot wallet.
    const addresses = [chain.token, chain.hotWallet, chain.depositAddress];
    expect(new Set(addresses).size).toBe(3);
    for (const address of addresses) expect(getAddress(address)).toBe(address);
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("sends exact 6-decimal amounts from the hot wallet, one nonce after another", async () => {
    const [a, b] = [getAddress(randomAddress()), getAddress(randomAddress())];
    const before = await balanceOf(chain.hotWallet);
    // Concurrent sends must not collide on the hot wallet's nonce.
    const hashes = await Promise.all([
      chain.sendTestUsdt(a, parseUnits("1.5", 6)),
      chain.sendTestUsdt(b, 1n),
    ]);
    for (const hash of hashes) {
      const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
    }
    expect(formatUnits(await balanceOf(a), 6)).toBe("1.5");
    expect(await balanceOf(b)).toBe(1n);
    expect(before - (await balanceOf(chain.hotWallet))).toBe(1_500_001n);
  }, 20_000);

  it("mines a block every second, so confirmations advance without traffic", async () => {
    const first = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    // Two blocks take two seconds; the deadline leaves room for a busy machine.
    const mined = async () => (await chain.publicClient.getBlockNumber({ cacheTime: 0 })) - first;
    await expect.poll(mined, { timeout: 8_000, interval: 200 }).toBeGreaterThanOrEqual(2n);
  }, 15_000);
});

describe("anvil's lifetime", () => {
  it("stop() ends the anvil process", async () => {
    const other = await startDevChain({ cacheDir, confirmations: 2, blockTimeSeconds: 0 });
    expect(isAlive(other.pid)).toBe(true);
    await other.stop();
    expect(isAlive(other.pid)).toBe(false);
    await other.stop(); // twice is harmless
  }, 30_000);

  it.each([
    ["exits", "process.exit(0);"],
    // Linux only: the kernel's parent-death signal (setpriv); an exit hook never runs here.
    ["is SIGKILLed", 'process.kill(process.pid, "SIGKILL");'],
  ])(
    "dies with the process that started it when that process %s",
    async (_how, ending) => {
      if (ending.includes("SIGKILL") && process.platform !== "linux") return;
      const scratch = mkdtempSync(path.join(tmpdir(), "quanta-anvil-exit-"));
      const script = path.join(scratch, "start-and-end.mts");
      const anvilModule = path.join(ROOT, "server/chain/anvil-process.ts");
      writeFileSync(
        script,
        `import { startAnvil } from ${JSON.stringify(anvilModule)};\n` +
          `const node = await startAnvil({ blockTimeSeconds: 0 });\n` +
          `console.log("pid=" + node.pid);\n` +
          // No stop(): anvil must go down with us all the same.
          `${ending}\n`,
      );
      const runner = new ChildRunner();
      try {
        const run = runner.run(script, [], {});
        await run.exited;
        const pid = Number(/pid=(\d+)/.exec(run.output().stdout)?.[1]);
        expect(pid, run.output().stderr).toBeGreaterThan(0);
        expect(await waitUntilDead(pid, 3_000)).toBe(true);
      } finally {
        runner.killAll();
      }
    },
    30_000,
  );

  it("is stopped by the server's graceful shutdown", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "quanta-server-chain-"));
    const runner = new ChildRunner();
    try {
      const server = runner.run("server/main.ts", [], {
        QUANTA_MODE: "demo",
        PORT: String(await freePort()),
        DATA_DIR: path.join(scratch, "data"),
        APP_DIST_DIR: path.join(scratch, "no-dist"),
        MARKET_BACKFILL_DAYS: "0",
        LOG_LEVEL: "info",
      });
      const deadline = Date.now() + 60_000;
      let pid = 0;
      while (pid === 0 && Date.now() < deadline) {
        pid = Number(/dev chain running: anvil \(pid (\d+)/.exec(server.output().stdout)?.[1] ?? 0);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(pid, server.output().stdout + server.output().stderr).toBeGreaterThan(0);
      expect(isAlive(pid)).toBe(true);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(isAlive(pid)).toBe(false);
    } finally {
      runner.killAll();
    }
  }, 90_000);
});
