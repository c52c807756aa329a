import { mkdtempSync, readFileSync, statSync, chmodSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { DEV_MNEMONIC } from "./anvil-process";
import { loadPlatformKeys, PLATFORM_KEYS_FILE, platformAddresses } from "./platform-keys";

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), "quanta-keys-")), "chain");

describe("platform keys", () => {
  it("are random per data directory, kept 0600 and reused on restart", () => {
    const [a, b] = [freshDir(), freshDir()];
    const first = platformAddresses(loadPlatformKeys(a));
    const other = platformAddresses(loadPlatformKeys(b));
    expect(new Set([...first, ...other]).size).toBe(6);
    expect(statSync(path.join(a, PLATFORM_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(platformAddresses(loadPlatformKeys(a))).toEqual(first);
  });

  it("are none of anvil's public mnemonic accounts", () => {
    const mine = platformAddresses(loadPlatformKeys(freshDir()));
    for (let addressIndex = 0; addressIndex < 10; addressIndex++) {
      expect(mine).not.toContain(mnemonicToAccount(DEV_MNEMONIC, { addressIndex }).address);
    }
  });

  it("tighten a key file restored with looser permissions, and refuse a damaged one", () => {
    const dir = freshDir();
    const keys = platformAddresses(loadPlatformKeys(dir));
    const file = path.join(dir, PLATFORM_KEYS_FILE);
    chmodSync(file, 0o644);
    expect(platformAddresses(loadPlatformKeys(dir))).toEqual(keys);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    writeFileSync(file, JSON.stringify({ ...stored, hotWallet: "0x12" }));
    expect(() => loadPlatformKeys(dir)).toThrow(/"hotWallet" is not a private key/);
  });
});
