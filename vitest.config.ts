import { defineConfig } from "vitest/config";

// Four projects: the app in jsdom; the server's unit tests (and the repository's tooling tests)
// in Node; the integration tests (tests/server: the whole app, real processes, PGlite and
// PostgreSQL) in Node; and end-to-end tests that drive real Chromium against the built server.
// Each has a script (package.json test:app, test:server, test:integration, test:e2e).

// PGlite opens in seconds and serialises connections: one per worker file, generous time.
const nodeDatabaseTests = {
  environment: "node",
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks",
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        extends: "./vite.config.ts",
        test: {
          name: "app",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "protocol/**/*.test.ts"],
          setupFiles: ["./src/test-setup.ts"],
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
          fileParallelism: false,
        },
      },
    ],
  },
});
