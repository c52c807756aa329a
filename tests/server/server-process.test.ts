// The real server process (`node --import tsx server/main.ts`): starts on a file-backed PGlite,
// answers /health, stops cleanly on SIGTERM, and refuses to start on bad config or a busy
// database. These spawn real children; nothing here is simulated.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, waitForOk, within } from "./helpers/net";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const children = new Set<ChildProcess>();

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns the server with only the variables given, never the caller's DATABASE_URL. */
function startServer(env: Record<string, string>): Server {
  const dropped = new Set(["DATABASE_URL", "PUBLIC_ORIGIN", "QUANTA_MODE", "TRUST_PROXY", "PORT"]);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !dropped.has(name)),
  );
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...inherited, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

afterAll(() => {
  // Only the children this file started, by their own handles.
  for (const child of children) child.kill("SIGKILL");
});

// The bounds below are liveness bounds, not speed targets: each child transpiles the server with
// tsx as it starts, 4–16 s in CI and 30–55 s on a 2-core machine running two suites at once.
describe("server process", () => {
  it("serves /health, refuses a second server on the same data, and exits 0 on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-main-"));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, APP_DIST_DIR: path.join(dataDir, "no-dist") };
    const server = startServer({ ...env, PORT: String(port) });
    try {
      await waitForOk(`http://127.0.0.1:${port}/health`, 120_000);
    } catch (err) {
      throw new Error(`${String(err)}\n--- server output ---\n${server.output()}`, { cause: err });
    }
    const health: unknown = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    expect(health).toMatchObject({ ok: true, mode: "demo" });
    expect(server.output()).toContain(`is running at http://127.0.0.1:${port}`);

    // PGlite belongs to one process: a second server on the same DATA_DIR must refuse.
    const second = startServer({ ...env, PORT: String(await freePort()) });
    expect(await within(second.exited, 60_000, "second server exit")).toBe(1);
    expect(second.output()).toMatch(/is in use by process \d+/);

    server.child.kill("SIGTERM");
    expect(await within(server.exited, 5_000, "graceful shutdown")).toBe(0);
    expect(server.output()).toContain("SIGTERM received");
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  }, 240_000);

  it("prints every configuration problem and exits 1", async () => {
    const server = startServer({ PORT: "http", QUANTA_MODE: "production" });
    expect(await within(server.exited, 60_000, "exit on bad config")).toBe(1);
    const output = server.output();
    expect(output).toContain("Quanta cannot start.");
    expect(output).toContain('PORT must be an integer from 1 to 65535 (got "http")');
    expect(output).toContain("QUANTA_MODE=production requires DATABASE_URL");
    expect(output).toContain("QUANTA_MODE=production requires PUBLIC_ORIGIN");
  }, 90_000);
});
