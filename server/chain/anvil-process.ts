// The anvil child process of the demo dev chain. The platform binary is spawned directly (not
// through @foundry-rs/anvil's node wrapper) so that killing our child kills anvil itself. It
// listens on a port the OS picks (`--port 0`; we read it from anvil's "Listening on" line), on
// loopback only: the browser reaches it through the /api/v1/rpc relay, never directly.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

/** Foundry's well-known test mnemonic: its keys are public, which is right for a dev chain. */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk";
export const DEV_CHAIN_ID = 31337;
const START_TIMEOUT_MS = 20_000;

export interface AnvilOptions {
  /** Seconds between blocks; 0 mines each transaction at once (see README: why 1 by default). */
  blockTimeSeconds: number;
}

export interface AnvilProcess {
  rpcUrl: string;
  pid: number;
  /** SIGTERM, then SIGKILL after 2 s; resolves once the process is gone. Safe to call twice. */
  stop(): Promise<void>;
}

/** Every anvil this process started and has not stopped: killed on exit so none outlives us. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // "exit" handlers must be synchronous; kill() is. Covers process.exit() and uncaught errors;
  // SIGTERM/SIGINT go through main.ts's shutdown, which stops the chain.
  process.on("exit", () => {
    for (const child of running) child.kill("SIGKILL");
  });
}

/**
 * An exit hook cannot run when the server is SIGKILLed (the crash test does exactly that). On
 * Linux, util-linux's setpriv sets PR_SET_PDEATHSIG and then execs anvil (same pid), so the
 * kernel kills anvil when our process dies, however it dies. Elsewhere the exit hook is all.
 */
function withParentDeathSignal(command: string[]): string[] {
  if (process.platform !== "linux") return command;
  const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((file) => existsSync(file));
  return setpriv ? [setpriv, "--pdeathsig", "KILL", "--", ...command] : command;
}

export function anvilBinaryPath(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const require = createRequire(import.meta.url);
  try {
    return require.resolve(`${platformPackage}/bin/anvil`);
  } catch {
    throw new Error(
      `anvil is not installed for ${process.platform}/${process.arch} (${platformPackage}); run npm install`,
    );
  }
}

export async function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  installExitHook();
  const args = [
    ["--host", "127.0.0.1"],
    ["--port", "0"],
    ["--chain-id", String(DEV_CHAIN_ID)],
    ["--mnemonic", DEV_MNEMONIC],
    ["--accounts", "10"],
    options.blockTimeSeconds > 0 ? ["--block-time", String(options.blockTimeSeconds)] : [],
  ].flat();
  const [command, ...commandArgs] = withParentDeathSignal([anvilBinaryPath(), ...args]);
  if (command === undefined) throw new Error("no anvil command");
  const child = spawn(command, commandArgs, { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      running.delete(child);
      resolve();
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const force = setTimeout(() => child.kill("SIGKILL"), 2_000);
    await exited;
    clearTimeout(force);
  };
  try {
    const port = await listeningPort(child);
    const rpcUrl = `http://127.0.0.1:${port}`;
    await waitForRpc(rpcUrl);
    if (child.pid === undefined) throw new Error("anvil has no pid");
    return { rpcUrl, pid: child.pid, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Reads anvil's stdout until "Listening on 127.0.0.1:<port>"; fails on exit or timeout. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(
      () => reject(new Error(`anvil did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-2_000);
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        // Keep draining: a full pipe would block anvil. Its per-block log is not ours to keep.
        child.stdout?.removeAllListeners("data");
        child.stdout?.resume();
        resolve(Number(match[1]));
      } else if (stdout.length > 64_000) {
        stdout = stdout.slice(-1_000);
      }
    });
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${signal ?? code}) before listening: ${stderr.trim()}`));
    });
  });
}

async function waitForRpc(rpcUrl: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (response.ok) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`anvil at ${rpcUrl} does not answer JSON-RPC`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
