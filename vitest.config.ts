import { defineConfig } from "vitest/config";

// Three projects: the app in jsdom, the server (and cross-module server tests) in Node,
// and end-to-end tests that drive real Chromium against the real built server.
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
          environment: "node",
          include: [
            "server/**/*.test.ts",
            "tests/server/**/*.test.ts",
            "tests/tooling/**/*.test.ts",
          ],
          // PGlite opens in seconds and serialises connections: one per worker file, generous time.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
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
