import { describe, expect, it } from "vitest";
import { checkBudgets, firstScreen, type Manifest } from "../../scripts/lib/budgets";

const KB = 1024;

function manifest(extra: Manifest = {}): Manifest {
  return {
    "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_shared-b.js"] },
    "_shared-b.js": { file: "assets/shared-b.js" },
    "src/routes/home.tsx?tsr-split=component": { file: "assets/home-c.js", isDynamicEntry: true },
    "src/wallet/index.ts": {
      file: "assets/index-d.js",
      isDynamicEntry: true,
      imports: ["_wallet-e.js"],
    },
    "_wallet-e.js": { file: "assets/wallet-e.js" },
    ...extra,
  };
}

const sizes: Record<string, number> = {
  "assets/index-a.js": 70 * KB,
  "assets/shared-b.js": 30 * KB,
  "assets/home-c.js": 10 * KB,
  "assets/wallet-e.js": 430 * KB,
};
const size = (file: string) => sizes[file] ?? 0;

describe("size budgets", () => {
  it("passes a build within budget and counts the entry's static imports", () => {
    const report = checkBudgets(manifest(), size, ["index.html", "assets/index-a.js"]);
    expect(report.violations).toEqual([]);
    expect(report.entryGzip).toBe(100 * KB);
  });

  it("fails an entry over 100 KB gzip, by a byte", () => {
    const oneByteMore = (file: string) => size(file) + (file === "assets/index-a.js" ? 1 : 0);
    const report = checkBudgets(manifest(), oneByteMore, []);
    expect(report.violations.join()).toMatch(
      /entry JS is 100\.0 KB gzip, over the 100\.0 KB budget/,
    );
  });

  it("fails a route chunk over 60 KB gzip", () => {
    const report = checkBudgets(
      manifest(),
      (file) => (file === "assets/home-c.js" ? 61 * KB : size(file)),
      [],
    );
    expect(report.violations.join()).toMatch(/src\/routes\/home.tsx chunk is 61\.0 KB/);
  });

  it("fails when the entry loads wallet code statically", () => {
    const m = manifest({
      "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_wallet-e.js"] },
    });
    const report = checkBudgets(m, () => 1, []);
    expect(report.violations.join()).toMatch(
      /wallet chunk assets\/wallet-e.js is loaded statically/,
    );
  });

  it("fails when wallet code or wasm is precached", () => {
    const report = checkBudgets(manifest(), () => 1, ["assets/wallet-e.js", "assets/x.wasm"]);
    expect(report.violations).toHaveLength(2);
  });

  it("counts a first screen as the entry plus its route chunk's own static imports, once each", () => {
    const m = manifest({
      "src/routes/home.tsx?tsr-split=component": {
        file: "assets/home-c.js",
        isDynamicEntry: true,
        imports: ["_shared-b.js", "_db-f.js"],
      },
      "_db-f.js": { file: "assets/db-f.js" },
    });
    const first = firstScreen(
      m,
      (file) => (file === "assets/db-f.js" ? 5 * KB : size(file)),
      "src/routes/home.tsx",
    );
    expect(first.gzip).toBe(115 * KB);
    expect(first.beyondEntryGzip).toBe(15 * KB);
  });

  describe("the operator console", () => {
    const consoleBuild = (extra: Manifest = {}) =>
      manifest({
        "src/routes/admin.tsx?tsr-split=component": {
          file: "assets/admin-admin-f.js",
          isDynamicEntry: true,
          imports: ["_admin-g.js", "_shared-b.js"],
        },
        "_admin-g.js": { file: "assets/admin-console-g.js" },
        ...extra,
      });

    it("passes when only /admin route chunks load console chunks and none is precached", () => {
      const report = checkBudgets(consoleBuild(), () => 1, [
        "assets/index-a.js",
        "assets/home-c.js",
      ]);
      expect(report.violations).toEqual([]);
    });

    it("fails when the entry imports a console chunk", () => {
      const m = consoleBuild({
        "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_admin-g.js"] },
      });
      expect(checkBudgets(m, () => 1, []).violations.join()).toMatch(
        /console chunk assets\/admin-console-g.js is loaded statically by the entry/,
      );
    });

    it("fails when a user route imports a console chunk", () => {
      const m = consoleBuild({
        "src/routes/home.tsx?tsr-split=component": {
          file: "assets/home-c.js",
          isDynamicEntry: true,
          imports: ["_admin-g.js"],
        },
      });
      expect(checkBudgets(m, () => 1, []).violations.join()).toMatch(
        /console chunk assets\/admin-console-g.js is imported by the user app's assets\/home-c.js/,
      );
    });

    it("fails when a console chunk or stylesheet is precached", () => {
      const report = checkBudgets(consoleBuild(), () => 1, [
        "assets/admin-console-g.js",
        "assets/admin-admin-f.css",
      ]);
      expect(report.violations).toHaveLength(2);
      expect(report.violations.join()).toMatch(/the console must stay out of it/);
    });

    it("fails when an /admin route chunk is not named as console code (the rules above would pass vacuously)", () => {
      const m = consoleBuild({
        "src/routes/admin/index.tsx?tsr-split=component": {
          file: "assets/index-h.js",
          isDynamicEntry: true,
        },
      });
      expect(checkBudgets(m, () => 1, []).violations.join()).toMatch(
        /src\/routes\/admin\/index.tsx\?tsr-split=component is built as assets\/index-h.js/,
      );
    });
  });
});
