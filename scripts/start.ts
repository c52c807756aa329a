// `npm start`: builds the app if it has not been built, then runs the server in this process
// (demo mode unless QUANTA_MODE says otherwise). One command from a fresh clone to a running app.
// package.json runs it as `exec node --import tsx scripts/start.ts`: npm's shell is replaced by
// node itself, with no tsx CLI process in between, so the SIGTERM a process manager sends npm
// (which npm forwards to its script) reaches the server and its graceful shutdown, which stops
// anvil; anvil also dies with the server however it dies (chain/anvil-process.ts).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../server/config";
import { runServer } from "../server/main";

function distDirOrExit(): string {
  try {
    return loadConfig(process.env).appDistDir;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Quanta cannot start.\n${err.message}`);
    process.exit(1);
  }
}

function runBuild(): Promise<number> {
  return new Promise((resolve, reject) => {
    // npm is a .cmd shim on Windows, which only a shell can run.
    const child = spawn("npm", ["run", "build"], {
      stdio: "inherit",
      shell: process.platform === "win32",
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const distDir = distDirOrExit();
const indexHtml = path.join(distDir, "index.html");

if (!existsSync(indexHtml)) {
  console.log(`No built app at ${distDir}; running \`npm run build\` first.`);
  let code: number;
  try {
    code = await runBuild();
  } catch (err) {
    console.error(
      `Could not run \`npm run build\`: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  }
  if (code !== 0) {
    console.error(`\`npm run build\` failed (exit ${code}); fix the errors above and try again.`);
    process.exit(1);
  }
  if (!existsSync(indexHtml)) {
    console.error(
      `The build finished but ${indexHtml} is still missing: ` +
        "APP_DIST_DIR must point at the build output (vite's outDir, ./dist by default).",
    );
    process.exit(1);
  }
}

await runServer(process.env);
