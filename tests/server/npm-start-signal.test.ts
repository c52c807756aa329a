// `npm start` under a process manager: SIGTERM to the npm process must stop the
// whole tree — npm, the server's node and the dev chain's anvil — and nothing may outlive it.
// Linux only: the process tree is read from /proc.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT } from "./helpers/child-process";
import { freePort, waitForOk, within } from "./helpers/net";
import { createTempDist } from "./helpers/temp-dist";

interface Proc {
  pid: number;
  ppid: number;
  name: string;
}

function processTable(): Proc[] {
  const table: Proc[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const [state, ppid] = stat.slice(close + 2).split(" ");
      if (state === "Z") continue;
      table.push({ pid: Number(entry), ppid: Number(ppid), name });
    } catch {
      // gone between readdir and read
    }
  }
  return table;
}

function descendants(root: number): Proc[] {
  const table = processTable();
  const found: Proc[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of table) {
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        found.push(p);
        grew = true;
      }
    }
  }
  return found;
}

const alive = (pid: number) => processTable().some((p) => p.pid === pid);

const leftovers: number[] = [];
afterAll(() => {
  // Only the processes this test started and saw, by pid.
  for (const pid of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

it.runIf(process.platform === "linux")(
  "SIGTERM to `npm start` stops npm, node and anvil",
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-npm-start-"));
    const dist = createTempDist();
    const port = await freePort();
    const dropped = new Set(["DATABASE_URL", "PUBLIC_ORIGIN", "QUANTA_MODE", "PORT"]);
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !dropped.has(name)),
    );
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        APP_DIST_DIR: dist,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        MARKET_BACKFILL_DAYS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const exited = new Promise<void>((resolve) => npm.on("exit", () => resolve()));
    const npmPid = npm.pid ?? 0;
    leftovers.push(npmPid);
    try {
      await waitForOk(`http://127.0.0.1:${port}/health`, 60_000);
      // The dev chain starts after listening; wait until anvil runs too.
      const deadline = Date.now() + 40_000;
      while (!descendants(npmPid).some((p) => p.name === "anvil") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      const tree = descendants(npmPid);
      leftovers.push(...tree.map((p) => p.pid));
      expect(tree.map((p) => p.name)).toEqual(expect.arrayContaining(["node", "anvil"]));

      npm.kill("SIGTERM");
      await within(exited, 20_000, "npm exit after SIGTERM");
      // The server's graceful shutdown runs to its end before npm exits; allow a moment for
      // the kernel to reap what was killed.
      const settle = Date.now() + 5_000;
      while (tree.some((p) => alive(p.pid)) && Date.now() < settle) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const survivors = tree.filter((p) => alive(p.pid));
      expect(survivors, output).toEqual([]);
      expect(output).toContain("SIGTERM received");
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      rmSync(dist, { recursive: true, force: true });
    }
  },
  120_000,
);
