// The demo platform's own keys (deployer = Test USDT owner and only minter, hot wallet, deposit
// address). Not anvil's well-known mnemonic accounts: with those anyone could sign as the hot
// wallet through /rpc or mint Test USDT with the deployer's key. They are random per
// data directory, kept in DATA_DIR/chain/platform-keys.json (mode 0600, this user only) and reused
// on restart, so the deposit address a user was shown stays the same.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

export const PLATFORM_KEYS_FILE = "platform-keys.json";
const ROLES = ["deployer", "hotWallet", "deposit"] as const;
type Role = (typeof ROLES)[number];
const PRIVATE_KEY = /^0x[0-9a-f]{64}$/;

export type PlatformAccounts = Record<Role, PrivateKeyAccount>;

/** The platform's accounts for `dir` (DATA_DIR/chain): read from its key file, or created once. */
export function loadPlatformKeys(dir: string): PlatformAccounts {
  const file = path.join(dir, PLATFORM_KEYS_FILE);
  const keys = existsSync(file) ? readKeys(file) : createKeys(dir, file);
  return {
    deployer: privateKeyToAccount(keys.deployer),
    hotWallet: privateKeyToAccount(keys.hotWallet),
    deposit: privateKeyToAccount(keys.deposit),
  };
}

/** Every address the platform signs with: /rpc refuses raw transactions signed by any of them. */
export function platformAddresses(accounts: PlatformAccounts): Address[] {
  return ROLES.map((role) => accounts[role].address);
}

function createKeys(dir: string, file: string): Record<Role, Hex> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = {
    deployer: generatePrivateKey(),
    hotWallet: generatePrivateKey(),
    deposit: generatePrivateKey(),
  };
  try {
    // "wx": never overwrite a file another process wrote meanwhile (it would orphan its keys).
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return readKeys(file);
    throw err;
  }
  return keys;
}

function readKeys(file: string): Record<Role, Hex> {
  // A copy restored with looser permissions is tightened, not trusted as it came.
  chmodSync(file, 0o600);
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<Record<Role, unknown>>;
  const keys = {} as Record<Role, Hex>;
  for (const role of ROLES) {
    const key = parsed[role];
    if (typeof key !== "string" || !PRIVATE_KEY.test(key)) {
      throw new Error(`${file}: "${role}" is not a private key (0x + 64 lower-case hex)`);
    }
    keys[role] = key as Hex;
  }
  return keys;
}
