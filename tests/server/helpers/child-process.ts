// Real child processes of the repository's scripts (the admin CLI, the server), for tests that
// must see exit codes and output. Each runner kills only the children it started.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface Run {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

// The caller's database, origin, mode and port must never leak into a child that a test points
// at its own data directory.
const DROPPED = new Set(["DATABASE_URL", "PUBLIC_ORIGIN", "QUANTA_MODE", "PORT"]);

/** What a child gets: this process's variables less the ones above, then `env` on top. */
export function childEnv(env: Record<string, string>): Record<string, string> {
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => !DROPPED.has(entry[0]) && entry[1] !== undefined,
  );
  return { ...Object.fromEntries(inherited), HOST: "127.0.0.1", ...env };
}

export class ChildRunner {
  readonly #children = new Set<ChildProcess>();

  /** `node --import tsx <script>` with only `env` on top of this process's variables. */
  run(script: string, args: string[], env: Record<string, string>): Run {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: ROOT,
      env: childEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.#children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => {
        this.#children.delete(child);
        resolve(code);
      }),
    );
    return { child, output: () => ({ stdout, stderr }), exited };
  }

  killAll(): void {
    for (const child of this.#children) child.kill("SIGKILL");
  }
}
