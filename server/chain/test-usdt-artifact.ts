// Test USDT (contracts/TestUSDT.sol) compiled with solc-js from the repository's source — never a
// committed artifact. Loading solc and compiling takes seconds, so the artifact (ABI + bytecode)
// is cached in a directory, keyed by sha256 of the source, the compiler version and the settings:
// editing the source or upgrading solc recompiles on the next start.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";

export const TEST_USDT_SOURCE_PATH = fileURLToPath(
  new URL("./contracts/TestUSDT.sol", import.meta.url),
);
const SOURCE_NAME = "TestUSDT.sol";
const CONTRACT_NAME = "TestUSDT";

// Pinned so the bytecode runs on anvil's default hardfork whatever solc's default becomes.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  outputSelection: { [SOURCE_NAME]: { [CONTRACT_NAME]: ["abi", "evm.bytecode.object"] } },
} as const;

export interface TestUsdtArtifact {
  abi: Abi;
  bytecode: Hex;
  compilerVersion: string;
  /** sha256 (hex) of source + compiler version + settings: the cache key. */
  key: string;
}

export interface LoadArtifactResult {
  artifact: TestUsdtArtifact;
  /** false when this call compiled (cache miss); true when the cached file was used. */
  fromCache: boolean;
  cacheFile: string;
}

interface SolcOutput {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

interface Solc {
  version(): string;
  compile(input: string): string;
}

/** The solc-js package's version string, read without loading the (large) compiler itself. */
function solcPackageVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = require("solc/package.json") as { version: string };
  return pkg.version;
}

export function artifactKey(source: string, compilerVersion: string): string {
  return createHash("sha256")
    .update(`${compilerVersion}\n${JSON.stringify(SETTINGS)}\n${source}`, "utf8")
    .digest("hex");
}

/** The compiled Test USDT, from `cacheDir` when the key matches, else compiled and cached. */
export async function loadTestUsdtArtifact(cacheDir: string): Promise<LoadArtifactResult> {
  const source = await readFile(TEST_USDT_SOURCE_PATH, "utf8");
  const compilerVersion = solcPackageVersion();
  const key = artifactKey(source, compilerVersion);
  const cacheFile = path.join(cacheDir, `test-usdt-${key.slice(0, 16)}.json`);
  const cached = await readCached(cacheFile, key);
  if (cached) return { artifact: cached, fromCache: true, cacheFile };

  const artifact = { ...(await compile(source)), compilerVersion, key };
  await mkdir(cacheDir, { recursive: true });
  // Write then rename: a crash mid-write never leaves a half file that a later start trusts.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(artifact));
  await rename(partial, cacheFile);
  return { artifact, fromCache: false, cacheFile };
}

async function readCached(file: string, key: string): Promise<TestUsdtArtifact | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<TestUsdtArtifact>;
    const valid =
      parsed.key === key &&
      Array.isArray(parsed.abi) &&
      typeof parsed.bytecode === "string" &&
      /^0x[0-9a-f]+$/.test(parsed.bytecode);
    return valid ? (parsed as TestUsdtArtifact) : undefined;
  } catch {
    return undefined; // missing or unreadable: compile again
  }
}

async function compile(source: string): Promise<{ abi: Abi; bytecode: Hex }> {
  // Loaded only on a cache miss: solc-js is a large emscripten module.
  const solc = ((await import("solc")) as { default: Solc }).default;
  const input = {
    language: "Solidity",
    sources: { [SOURCE_NAME]: { content: source } },
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(
      `TestUSDT.sol does not compile:\n${errors.map((e) => e.formattedMessage).join("\n")}`,
    );
  }
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME];
  const bytecode = contract?.evm.bytecode.object;
  if (!contract || !bytecode) throw new Error("solc produced no TestUSDT bytecode");
  return { abi: contract.abi, bytecode: `0x${bytecode}` };
}
