// Accounts for e2e tests, done the way a real client would: SIWE sign-in from Node with a real
// key (for tests whose subject is not the login screen), operators made with the real CLI, and
// admin calls through the real API.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import type { Hex } from "viem";
import {
  TOTP_PARAMETERS,
  type OperatorRole,
  type RecoveryCodes,
  type TotpEnrolment,
} from "../../../protocol/operators";
import { totpCode } from "../../../server/domain/auth/totp";
import { repoRoot } from "../harness/paths";
import type { StartedServer } from "../harness/server";
import { ANVIL_KEY_0 } from "../harness/wallet";

/** Anvil's test account #1 (never holds real funds): a second user. */
export const ANVIL_KEY_1: Hex =
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { HttpStatusCode: number; Message: string; Code?: string; Data: T };
}

/**
 * How often a test asks the server while it waits for something. Its requests share the app's
 * per-address budget (600 a minute): expect.poll's default (every 50 ms) would spend that in 30 s
 * and push the app's own sends into back-off, so what the test waits for would come later still.
 */
export const SERVER_POLL_MS = 500;

/** One call to the server's API, as any HTTP client would make it. */
export async function api<T = unknown>(
  server: StartedServer,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; idempotencyKey?: string } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${server.url}/api/v1/${path.replace(/^\//, "")}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.idempotencyKey ? { "idempotency-key": opts.idempotencyKey } : {}),
      ...(opts.json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  return { status: response.status, body: (await response.json()) as ApiAnswer<T>["body"] };
}

/** Demo funds (POST /wallet/demo-credit, demo mode only) for the user of `token`. */
export async function demoCredit(
  server: StartedServer,
  token: string,
  amount: string,
): Promise<void> {
  const answer = await api(server, "POST", "wallet/demo-credit", {
    token,
    json: { amount },
    idempotencyKey: randomUUID(),
  });
  if (answer.status !== 200) throw new Error(`wallet/demo-credit: ${JSON.stringify(answer.body)}`);
}

/** A wallet sign-in from Node (SIWE, real signature): the session token. */
export async function signInFromNode(
  server: StartedServer,
  privateKey: Hex = ANVIL_KEY_0,
  inviteCode?: string,
): Promise<string> {
  const account = privateKeyToAccount(privateKey);
  const check = await api<{ nonce: string }>(server, "POST", `auth/check/${account.address}`);
  if (check.status !== 200) throw new Error(`auth/check: ${JSON.stringify(check.body)}`);
  const url = new URL(server.url);
  const message = createSiweMessage({
    domain: url.host,
    address: account.address,
    uri: url.origin,
    version: "1",
    chainId: 31337,
    nonce: check.body.Data.nonce,
    issuedAt: new Date(),
  });
  const signature = await account.signMessage({ message });
  const signIn = await api<string>(server, "POST", "auth/signin-wallet", {
    json: { message, signature, ...(inviteCode ? { inviteCode } : {}) },
  });
  if (signIn.status !== 200) throw new Error(`auth/signin-wallet: ${JSON.stringify(signIn.body)}`);
  return signIn.body.Data;
}

export interface E2eOperator {
  username: string;
  password: string;
  /** The TOTP secret enrolled at the first sign-in: `totpCode(secret, Date.now())` signs in again. */
  secret: string;
  recoveryCodes: string[];
  /** A ready session (password + TOTP). */
  token: string;
}

/**
 * `npm run admin -- create-admin <name> --role <role>` against the running server's data
 * directory (the CLI goes through the server's admin socket), then the operator's first sign-in
 * as the console does it: password, TOTP enrolment with a code computed here, the recovery codes.
 */
export async function createOperatorAccount(
  server: StartedServer,
  username: string,
  role: OperatorRole = "admin",
): Promise<E2eOperator> {
  const output = await runAdminCli(server, ["create-admin", username, "--role", role]);
  const password = /Password[^:]*:\s*(\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`create-admin printed no password:\n${output}`);
  const token = await passwordSignIn(server, username, password);
  const started = await api<TotpEnrolment>(server, "POST", "admin/session/enrolment", { token });
  if (started.status !== 200) throw new Error(`enrolment: ${JSON.stringify(started.body)}`);
  const { secret } = started.body.Data;
  const confirmed = await api<RecoveryCodes>(server, "POST", "admin/session/enrolment/confirm", {
    token,
    json: { code: totpCode(secret, Date.now()) },
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  return { username, password, secret, recoveryCodes: confirmed.body.Data.recoveryCodes, token };
}

/** A new operator's ready session token (see createOperatorAccount). */
export async function createOperator(
  server: StartedServer,
  username: string,
  role: OperatorRole = "admin",
): Promise<string> {
  return (await createOperatorAccount(server, username, role)).token;
}

/**
 * A later sign-in of an enrolled operator: password, then the TOTP code of the next time step
 * (inside the server's window). A step's code works once (replay refusal), so a second sign-in
 * within the same step waits for the next one.
 */
export async function signInOperator(
  server: StartedServer,
  operator: E2eOperator,
): Promise<string> {
  const token = await passwordSignIn(server, operator.username, operator.password);
  const periodMs = TOTP_PARAMETERS.periodSeconds * 1000;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const verified = await api(server, "POST", "admin/session/verify", {
      token,
      json: { code: totpCode(operator.secret, Date.now() + periodMs) },
    });
    if (verified.status === 200) return token;
    if (verified.body.Code !== "SECOND_FACTOR_INVALID") {
      throw new Error(`verify: ${JSON.stringify(verified.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, periodMs - (Date.now() % periodMs) + 100));
  }
  throw new Error(`verify: no code of ${operator.username} was accepted in three steps`);
}

async function passwordSignIn(
  server: StartedServer,
  username: string,
  password: string,
): Promise<string> {
  const signIn = await api<string>(server, "POST", "auth/signin", {
    json: { username, password },
  });
  if (signIn.status !== 200) throw new Error(`auth/signin: ${JSON.stringify(signIn.body)}`);
  return signIn.body.Data;
}

function runAdminCli(server: StartedServer, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => key !== "NODE_ENV" && key !== "DATABASE_URL" && !key.startsWith("VITEST"),
      ),
    );
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/admin.ts", ...args], {
      cwd: repoRoot,
      env: { ...env, DATA_DIR: server.dataDir, QUANTA_MODE: "demo" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`admin ${args.join(" ")} exited with ${code}:\n${out}`));
    });
  });
}

/**
 * A new operator who has not signed in yet (no TOTP enrolled): what the console's first sign-in
 * starts from. Its username and the password the CLI printed.
 */
export async function createOperatorLogin(
  server: StartedServer,
  username: string,
  role: OperatorRole = "admin",
): Promise<{ username: string; password: string }> {
  const output = await runAdminCli(server, ["create-admin", username, "--role", role]);
  const password = /Password[^:]*:\s*(\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`create-admin printed no password:\n${output}`);
  return { username, password };
}
