// The lint zones of eslint.config.js (DESIGN.md section 2), shown on one-line files linted at
// made-up paths inside the app: each zone refuses a forbidden import and lets a legal one through.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../e2e/harness/paths";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The zone messages a file at `filePath` (relative to the repo) holding `code` gets. */
async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}

const use = (specifier: string) => `export * as probe from "${specifier}";`;

describe("lint zones", () => {
  it("a feature never imports another feature; its own files and ui/ are fine", async () => {
    const file = "src/features/spot/zone-probe.ts";
    expect(await zoneErrors(file, use("../home/home-screen"))).toEqual([
      expect.stringContaining("A feature never imports another feature"),
    ]);
    expect(await zoneErrors(file, use("./spot-screen"))).toEqual([]);
    expect(await zoneErrors(file, use("../../ui/market/price-header"))).toEqual([]);
  });

  it("routes import features, not the layers below them", async () => {
    const file = "src/routes/_auth/zone-probe.tsx";
    expect(await zoneErrors(file, use("../../ui/toast/toast-store"))).toEqual([
      expect.stringContaining("Routes import only features"),
    ]);
    expect(await zoneErrors(file, use("../../db/session"))).toEqual([
      expect.stringContaining("Routes import only features"),
    ]);
    expect(await zoneErrors(file, use("../../features/auth/guard"))).toEqual([]);
    expect(await zoneErrors(file, use("../-search"))).toEqual([]);
  });

  it("ui/ is what features share: it reads db/ and calls sync/, never a feature or the wallet", async () => {
    const file = "src/ui/app-state/zone-probe.ts";
    expect(await zoneErrors(file, use("../../db/session"))).toEqual([]);
    expect(await zoneErrors(file, use("../../sync/online"))).toEqual([]);
    expect(await zoneErrors(file, use("../../features/home/home-screen"))).toEqual([
      expect.stringContaining("src/ui may import only"),
    ]);
    expect(await zoneErrors(file, use("../../wallet"))).toEqual([
      expect.stringContaining("src/ui may import only"),
    ]);
  });

  it("the verifier CLI talks HTTP only: protocol/, never server/ or src/", async () => {
    const file = "scripts/verify/zone-probe.ts";
    expect(await zoneErrors(file, use("../../server/db/db"))).toEqual([
      expect.stringContaining("The verifier talks HTTP only"),
    ]);
    expect(await zoneErrors(file, use("../../src/api/call"))).toEqual([
      expect.stringContaining("The verifier talks HTTP only"),
    ]);
    expect(await zoneErrors(file, use("../../protocol/options-verify"))).toEqual([]);
  });

  it("the operator console reads through requests, never IndexedDB", async () => {
    // (api/ may not import db/ anyway; features/ and sync/ may, except the console's.)
    for (const file of ["src/features/admin/zone-probe.ts", "src/sync/admin/zone-probe.ts"]) {
      expect(await zoneErrors(file, use("../../db/database"))).toEqual([
        expect.stringContaining("The console reads through requests, never IndexedDB"),
      ]);
    }
    expect(
      await zoneErrors("src/features/admin/zone-probe.ts", use("../../sync/admin/console")),
    ).toEqual([]);
    expect(
      await zoneErrors("src/sync/admin/zone-probe.ts", use("../../api/admin/session")),
    ).toEqual([]);
    // The user app's sync layer still fills IndexedDB.
    expect(await zoneErrors("src/sync/zone-probe.ts", use("../db/database"))).toEqual([]);
  });

  it("the user app never imports the operator console; its /admin routes do", async () => {
    const refusal = expect.stringContaining("The user app never imports the operator console");
    expect(
      await zoneErrors("src/features/home/zone-probe.ts", use("../admin/console-gate")),
    ).toEqual([refusal, expect.stringContaining("A feature never imports another feature")]);
    expect(await zoneErrors("src/sync/zone-probe.ts", use("./admin/console"))).toEqual([refusal]);
    expect(await zoneErrors("src/ui/zone-probe.ts", use("../sync/admin/console"))).toEqual([
      refusal,
    ]);
    expect(await zoneErrors("src/main-probe.ts", use("./features/admin/console-gate"))).toEqual([
      refusal,
    ]);
    expect(
      await zoneErrors("src/routes/_auth/zone-probe.tsx", use("../../features/admin/console-gate")),
    ).toEqual([refusal]);
    expect(
      await zoneErrors("src/routes/admin/zone-probe.tsx", use("../../features/admin/console-gate")),
    ).toEqual([]);
  });

  it("Dexie stays in db/", async () => {
    expect(await zoneErrors("src/sync/zone-probe.ts", use("dexie"))).toEqual([
      expect.stringContaining("Dexie stays in src/db/"),
    ]);
    expect(await zoneErrors("src/features/home/zone-probe.ts", use("dexie"))).toEqual([
      expect.stringContaining("Dexie stays in src/db/"),
    ]);
    expect(await zoneErrors("src/db/zone-probe.ts", use("dexie"))).toEqual([]);
  });

  it("ky stays in api/", async () => {
    expect(await zoneErrors("src/sync/zone-probe.ts", use("ky"))).toEqual([
      expect.stringContaining("ky stays in src/api/"),
    ]);
    expect(await zoneErrors("src/api/zone-probe.ts", use("ky"))).toEqual([]);
  });

  it("viem and wagmi stay in wallet/, dynamic imports included", async () => {
    const file = "src/sync/zone-probe.ts";
    for (const specifier of ["viem", "viem/accounts", "@wagmi/core"]) {
      expect(await zoneErrors(file, use(specifier)), specifier).toEqual([
        expect.stringContaining("viem and wagmi stay in src/wallet/"),
      ]);
    }
    expect(await zoneErrors(file, `export const probe = () => import("viem");`)).toEqual([
      expect.stringContaining("viem and wagmi stay in src/wallet/"),
    ]);
    expect(await zoneErrors("src/wallet/zone-probe.ts", use("viem"))).toEqual([]);
    expect(await zoneErrors("src/wallet/zone-probe.ts", use("@wagmi/core"))).toEqual([]);
  });

  it("sync reaches the chain through its port; wallet/ may import only that port from sync/", async () => {
    expect(await zoneErrors("src/sync/zone-probe.ts", use("./usdt-chain-port"))).toEqual([]);
    expect(await zoneErrors("src/wallet/zone-probe.ts", use("../sync/usdt-chain-port"))).toEqual(
      [],
    );
    expect(await zoneErrors("src/wallet/zone-probe.ts", use("../sync/commands"))).toEqual([
      expect.stringContaining("src/wallet may import from sync/ only the ports it implements"),
    ]);
  });

  it("tests may use the libraries anywhere", async () => {
    expect(await zoneErrors("src/features/home/zone-probe.test.ts", use("dexie"))).toEqual([]);
  });
});
