import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The projects: the app in jsdom (two: see appProject below); the server's unit tests (and the
// repository's tooling tests) in Node; the integration tests (tests/server: the whole app, real
// processes, PGlite and PostgreSQL) in Node; and end-to-end tests that drive real Chromium against
// the built server. Each part has a script (package.json test:app, test:server, test:integration,
// test:e2e).

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

// The app's tests run in two projects. Most share their worker's modules and jsdom
// (isolate: false): a fresh process, jsdom and module graph for each of ~145 files cost ~150 s of
// a 2-core run against ~40 s shared. They can share them because every file closes what it opens
// (useScreenTest, cleanup, the database deleted before each test). A file that replaces a module
// (vi.mock) needs its own graph: a module that an earlier file imported already holds the real
// dependency, so the mock would not reach it. Those files are found by reading them, so a new
// one needs no list kept by hand.
const APP_TEST_ROOTS = ["src", "protocol"];
const APP_TEST_FILE = /\.test\.tsx?$/;
const MOCKS_A_MODULE = /\bvi\.(?:do)?[mM]ock\(/;

function appTestFiles(): { mocking: string[]; sharing: string[] } {
  const mocking: string[] = [];
  const sharing: string[] = [];
  for (const root of APP_TEST_ROOTS) {
    for (const entry of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (!APP_TEST_FILE.test(entry)) continue;
      const file = join(root, entry).split(sep).join("/");
      (MOCKS_A_MODULE.test(readFileSync(file, "utf8")) ? mocking : sharing).push(file);
    }
  }
  return { mocking, sharing };
}

function appProject(files: { name: string; include: string[]; isolate: boolean }) {
  return {
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
      ...files,
      environment: "jsdom",
      setupFiles: ["./src/test-setup.ts"],
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
  };
}

const appFiles = appTestFiles();

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      appProject({ name: "app", include: appFiles.sharing, isolate: false }),
      appProject({ name: "app-isolated", include: appFiles.mocking, isolate: true }),
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
        },
      },
    ],
  },
});
