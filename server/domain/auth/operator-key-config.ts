// OPERATOR_SECRET_KEY, the operator part of config.ts: the AES-256 key that seals operators' TOTP
// secrets at rest (totp-secret-box.ts). 32 bytes, written as 64 hex digits or base64 (44 chars).
// Unset in demo: a key generated once into DATA_DIR/operator-secret.key (0600) and reused, like
// the dev chain's platform keys. Unset in production: none, and the server refuses to start once
// an operator exists (operator-secrets.ts) — a generated key would sit beside the data it guards.
import path from "node:path";
import type { QuantaMode } from "../../../protocol/health";

export const OPERATOR_KEY_FILE = "operator-secret.key";

export type OperatorKeySource =
  { kind: "env"; key: Buffer } | { kind: "file"; file: string } | { kind: "none" };

export function parseOperatorKey(
  read: (name: string) => string | undefined,
  mode: QuantaMode,
  dataDir: string,
  problems: string[],
): OperatorKeySource {
  const value = read("OPERATOR_SECRET_KEY");
  if (value === undefined) {
    return mode === "demo"
      ? { kind: "file", file: path.join(dataDir, OPERATOR_KEY_FILE) }
      : { kind: "none" };
  }
  const key = decodeKey(value);
  if (key === null) {
    problems.push(
      "OPERATOR_SECRET_KEY must be 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)",
    );
    return { kind: "none" };
  }
  return { kind: "env", key };
}

/** 32 bytes from 64 hex digits or base64 / base64url; null for anything else. */
export function decodeKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (key.length === 32) return key;
  }
  return null;
}
