// All server configuration comes from the environment and is validated once, at start, so a bad
// value stops the process with every problem listed instead of failing later mid-request.
import path from "node:path";
import type { QuantaMode } from "../protocol/health";
import { parseChainConfig, type ChainConfig } from "./chain/chain-config";
import { parseOperatorKey, type OperatorKeySource } from "./domain/auth/operator-key-config";
import { parseContractConfig, type ContractSection } from "./domain/contract/contract-config";
import { parseInviteRule, type InviteRule } from "./domain/invite/invite-config";
import { parseOptionsConfig, type OptionsConfig } from "./domain/options/options-config";
import {
  parseWithdrawalApprovalConfig,
  type WithdrawalApprovalConfig,
} from "./domain/wallet/withdrawal-approval-config";
import { parseMailConfig, type MailConfig } from "./mail/mail-config";
import { parseMarketConfig, type MarketConfig } from "./market/market-config";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  /** Embedded PGlite in a directory: demo only, one process at a time (DESIGN §4). */
  { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

export interface Config {
  mode: QuantaMode;
  port: number;
  host: string;
  /** Absolute. Holds the embedded database and, later, uploads. */
  dataDir: string;
  database: DatabaseConfig;
  /** Normalised origin (`https://quanta.example`) or null when not configured. */
  publicOrigin: string | null;
  /** Absolute path of the built app (index.html, assets/, sw.js). */
  appDistDir: string;
  logLevel: LogLevel;
  /** Fastify `trustProxy`: false, true, or the number of proxy hops to trust. */
  trustProxy: boolean | number;
  /** EIP-155 chain ids a Sign-In with Ethereum message may name (never empty). */
  siweChainIds: readonly number[];
  /**
   * Whether the app is built with WalletConnect (`VITE_WC_PROJECT_ID` set for build and start):
   * only then does the CSP admit WalletConnect's hosts.
   */
  walletConnect: boolean;
  /** ISO 3166-1 alpha-2 code of the operator's country (GET /system/system), or "". */
  operatorCountry: string;
  market: MarketConfig;
  /** Demo: the anvil dev chain; production: CHAIN_RPC_URL and friends (chain/chain-config.ts). */
  chain: ChainConfig;
  /** Rise/fall products: demo's four, production's OPTIONS_PRODUCTS (domain/options). */
  options: OptionsConfig;
  /** Contract terms: demo's, production's CONTRACT_TERMS, or null: not offered (domain/contract). */
  contract: ContractSection;
  /** The invitation reward rule (INVITE_REWARD_*; domain/invite). */
  invite: InviteRule;
  /** Two-person withdrawals (WITHDRAWAL_SECOND_APPROVAL_ABOVE; domain/wallet). */
  withdrawals: WithdrawalApprovalConfig;
  /** SMTP_URL and MAIL_FROM; demo without SMTP_URL: the in-process sink (server/mail). */
  mail: MailConfig;
  /** OPERATOR_SECRET_KEY, demo's generated key file, or none (domain/auth/operator-key-config). */
  operatorKey: OperatorKeySource;
}

/** Thrown by loadConfig; the message lists every problem, one per line. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates the configuration. Pure apart from `cwd` (relative paths resolve against
 * it), so tests pass their own env. Empty variables count as unset, as container tooling often
 * passes `NAME=` for "not set".
 */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };

  const mode = parseMode(read("QUANTA_MODE"), problems);
  const port = parsePort(read("PORT"), problems);
  const host = read("HOST") ?? "0.0.0.0";
  const dataDir = path.resolve(cwd, read("DATA_DIR") ?? "./data");
  const databaseUrl = parseDatabaseUrl(read("DATABASE_URL"), problems);
  const publicOrigin = parsePublicOrigin(read("PUBLIC_ORIGIN"), problems);
  const appDistDir = path.resolve(cwd, read("APP_DIST_DIR") ?? "./dist");
  const logLevel = parseLogLevel(read("LOG_LEVEL"), problems);
  const trustProxy = parseTrustProxy(read("TRUST_PROXY"), problems);
  const siweChainIds = parseChainIds(read("SIWE_CHAIN_IDS"), mode, problems);
  const operatorCountry = parseCountry(read("OPERATOR_COUNTRY"), problems);
  const market = parseMarketConfig(read, mode, problems);
  const chain = parseChainConfig(read, mode, problems);
  const options = parseOptionsConfig(read, mode, problems);
  const contract = parseContractConfig(read, mode, problems);
  const invite = parseInviteRule(read, problems);
  const withdrawals = parseWithdrawalApprovalConfig(read, problems);
  const mail = parseMailConfig(read, mode, problems);
  const operatorKey = parseOperatorKey(read, mode, dataDir, problems);

  if (mode === "production") {
    // DESIGN §1.5: demo parts (embedded database, demo credit, dev chain) never run in production.
    if (read("DATABASE_URL") === undefined) {
      problems.push(
        "QUANTA_MODE=production requires DATABASE_URL (the embedded PGlite database is demo only)",
      );
    }
    if (read("PUBLIC_ORIGIN") === undefined) {
      problems.push(
        "QUANTA_MODE=production requires PUBLIC_ORIGIN (the https origin users open the app at)",
      );
    } else if (publicOrigin !== null && !isSecureOrLocal(publicOrigin)) {
      // Wallet sign-in over plain http on a public host would expose tokens to the network.
      problems.push(`PUBLIC_ORIGIN must use https in production (got "${publicOrigin}")`);
    }
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    mode,
    port,
    host,
    dataDir,
    database:
      databaseUrl === undefined
        ? { kind: "pglite", dataDir: path.join(dataDir, "pglite") }
        : { kind: "postgres", url: databaseUrl },
    publicOrigin,
    appDistDir,
    logLevel,
    trustProxy,
    siweChainIds,
    walletConnect: (read("VITE_WC_PROJECT_ID") ?? "") !== "",
    operatorCountry,
    market,
    chain,
    options,
    contract,
    invite,
    withdrawals,
    mail,
    operatorKey,
  };
}

function parseMode(value: string | undefined, problems: string[]): QuantaMode {
  if (value === undefined || value === "demo") return "demo";
  if (value === "production") return "production";
  problems.push(`QUANTA_MODE must be "demo" or "production" (got "${value}")`);
  return "demo";
}

function parsePort(value: string | undefined, problems: string[]): number {
  if (value === undefined) return 8080;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (Number.isInteger(port) && port >= 1 && port <= 65535) return port;
  problems.push(`PORT must be an integer from 1 to 65535 (got "${value}")`);
  return 8080;
}

function parseDatabaseUrl(value: string | undefined, problems: string[]): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.host) {
    return value;
  }
  // Never echo the value: it usually carries a password.
  const scheme = url ? `a ${url.protocol}// URL` : "not a URL";
  problems.push(`DATABASE_URL must be a postgres:// or postgresql:// URL (got ${scheme})`);
  return undefined;
}

function parsePublicOrigin(value: string | undefined, problems: string[]): string | null {
  if (value === undefined) return null;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const isOrigin =
    url !== undefined &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.username === "" &&
    url.password === "" &&
    url.pathname === "/" &&
    url.search === "" &&
    url.hash === "" &&
    // `new URL` normalises "https://x.test/?#" to an empty search and hash; reject those too.
    !/[?#]/.test(value);
  if (url && isOrigin) return url.origin;
  problems.push(
    `PUBLIC_ORIGIN must be an http(s) origin without a path, like https://quanta.example (got "${value}")`,
  );
  return null;
}

function parseLogLevel(value: string | undefined, problems: string[]): LogLevel {
  if (value === undefined) return "info";
  const level = LOG_LEVELS.find((l) => l === value.toLowerCase());
  if (level) return level;
  problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${value}")`);
  return "info";
}

function parseTrustProxy(value: string | undefined, problems: string[]): boolean | number {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  problems.push(`TRUST_PROXY must be true, false or a number of proxy hops (got "${value}")`);
  return false;
}

/** Demo wallets sign for the dev chain (anvil, 31337) as well as mainnet; production only mainnet. */
export const DEFAULT_SIWE_CHAIN_IDS: Readonly<Record<QuantaMode, readonly number[]>> = {
  demo: [31337, 1],
  production: [1],
};

function parseChainIds(
  value: string | undefined,
  mode: QuantaMode,
  problems: string[],
): readonly number[] {
  if (value === undefined) return DEFAULT_SIWE_CHAIN_IDS[mode];
  const parts = value.split(",").map((part) => part.trim());
  // Safe integers only: a chain id past 2^53 would silently compare wrong as a JS number.
  const ids = parts.map((part) => (/^[1-9]\d{0,14}$/.test(part) ? Number(part) : NaN));
  if (ids.every((id) => Number.isSafeInteger(id))) return [...new Set(ids)];
  problems.push(
    `SIWE_CHAIN_IDS must be a comma-separated list of positive integer chain ids, like "1" or "31337,1" (got "${value}")`,
  );
  return DEFAULT_SIWE_CHAIN_IDS[mode];
}

/** An ISO 3166-1 alpha-2 region the runtime's ICU knows ("de" is read as "DE"); unset: "". */
function parseCountry(value: string | undefined, problems: string[]): string {
  if (value === undefined) return "";
  const code = value.toUpperCase();
  // Intl.DisplayNames echoes a well-formed but unassigned code ("XX") back unchanged.
  // Private-use and grouping codes (ZZ, QM-QZ, EU, UN...) have names but are no country.
  const known =
    /^[A-Z]{2}$/.test(code) &&
    !/^(AA|Q[M-Z]|ZZ|EU|EZ|UN)$/.test(code) &&
    new Intl.DisplayNames(["en"], { type: "region", fallback: "code" }).of(code) !== code;
  if (known) return code;
  problems.push(
    `OPERATOR_COUNTRY must be an ISO 3166-1 alpha-2 country code like "DE" (got "${value}")`,
  );
  return "";
}

function isSecureOrLocal(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
