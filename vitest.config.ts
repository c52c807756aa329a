import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Four projects: the app in jsdom; the server's unit tests (and the repository's tooling tests)
// in Node; the integration tests (tests/server: the whole app, real processes, PGlite and
// PostgreSQL) in Node; and end-to-end tests that drive real Chromium against the built server.
// Each has a script (package.json test:app, test:server, test:integration, test:e2e).

// PGlite opens in seconds and serialises connections: one per worker file, generous time.
// Files share their worker's module graph (isolate: false): importing the app (Fastify, viem,
// PGlite, every route) costs each file ~3–5 s of CPU when isolated, more than most files' tests.
// They can share it because no file leaves state behind: each opens its own database, app, ports
// and directories and closes them in its own hooks, and the few that fake timers or set a
// variable restore them in the same file.
const nodeDatabaseTests = {
  environment: "node",
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks",
  isolate: false,
  // A poll waits for a notification, a worker or a child process on a machine shared with
  // another test file: vitest's 1 s default is a race there, not a bound.
  expect: { poll: { timeout: 10_000 } },
} as const;

// Test files run in parallel, at least two at a time. Vitest's default (cores − 1) is one on a
// 2-core CI machine, and a one-at-a-time run leaves a core idle whenever its file waits: for a
// child server or CLI, anvil, a socket, a timer, or the main process transforming modules. Files
// are independent: each has its own in-memory PGlite, its own PostgreSQL schema or database
// (channels and advisory locks are scoped to it), free ports and temporary directories. So are
// e2e files (each its own server, DATA_DIR, browser and profiles), and they wait much of their
// time for a server, a settlement or a candle: two at a time took the project from ~890 s to
// ~680 s on 2 cores, where one Chromium was thought to fill them.
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        extends: "./vite.config.ts",
        // The ESM builds of Testing Library and lucide: their CommonJS builds (Testing Library's
        // `main`, lucide's "node" export) would require() react past the aliases to Preact.
        resolve: {
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: "@testing-library/react/dist/@testing-library/react.esm.js",
            },
            {
              find: /^lucide-react$/,
              replacement: fileURLToPath(
                new URL("node_modules/lucide-react/dist/esm/lucide-react.mjs", import.meta.url),
              ),
            },
          ],
        },
        test: {
          name: "app",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "protocol/**/*.test.ts"],
          setupFiles: ["./src/test-setup.ts"],
          // Files share their worker's jsdom and loaded modules: a process, jsdom and module graph
          // per file cost ~150 s of a 2-core run against ~50 s shared. Not their module state:
          // test-setup.ts resets the registry before each file, so a file gets the app's modules
          // as loaded (run again, not transformed again) and its vi.mock reaches every importer.
          // The window they share is emptied by useScreenTest and Testing Library's cleanup.
          isolate: false,
          // The app runs on Preact behind `react` aliases (vite.config.ts). Libraries that import
          // `react` are inlined so the aliases reach their imports too: run as external Node
          // modules they would load the real react-dom next to Preact.
          // use-sync-external-store is CommonJS: its require("react") passes the aliases unless
          // Vite's optimizer bundles it, as the build does.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: ["use-sync-external-store/shim/with-selector"],
              },
            },
          },
          server: {
            deps: {
              inline: [
                /@testing-library[\\/]react/,
                /@lingui[\\/]react/,
                /@tanstack[\\/]react-/,
                /lucide-react/,
                /use-sync-external-store/,
                /wagmi/,
              ],
            },
          },
        },
      },
      {
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "tests/tooling/**/*.test.ts"],
          ...nodeDatabaseTests,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/server/**/*.test.ts"],
          ...nodeDatabaseTests,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // An e2e poll waits on a server, a pull or a render by a browser sharing 2 cores with
          // them: vitest's 1 s default made every poll that did not pass LOCAL a race.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
