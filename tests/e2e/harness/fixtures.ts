// One call per test file: the real server and Chromium for the whole file, a fresh browser
// profile with the test wallet for every test, and a screenshot plus page log for every failure.
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { RPC_PATH } from "../../../protocol/paths";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { launchBrowser, type E2EBrowser, type E2EContextOptions, type PageLog } from "./browser";
import { ensureArtifactsDir, fileSlug, slug } from "./paths";
import { startServer, type StartServerOptions, type StartedServer } from "./server";
import { installWallet, type TestWallet, type WalletOptions } from "./wallet";

export interface SessionOptions extends E2EContextOptions {
  /** Test wallet options, or false for a browser without any wallet. */
  wallet?: WalletOptions | false;
}

export interface UseE2EOptions {
  server?: StartServerOptions;
  /** Defaults for every test's session (e.g. `{ locale: "ja-JP" }`). */
  session?: SessionOptions;
}

/** A fresh profile (own browser process) with the wallet injected and `baseURL` = the server. */
export interface Session {
  context: BrowserContext;
  page: Page;
  /** Throws when the session was opened with `wallet: false`. */
  wallet: TestWallet;
  /** The log of `page`; `logOf` for other tabs. */
  log: PageLog;
  logOf(page: Page): PageLog;
  profileDir: string;
  close(): Promise<void>;
}

export interface E2E {
  readonly server: StartedServer;
  readonly browser: E2EBrowser;
  /** The current test's session, opened before the test with the file's session options. */
  readonly session: Session;
  readonly page: Page;
  readonly wallet: TestWallet;
  readonly log: PageLog;
  /** Another session for this test (e.g. a second user or another locale); closed after it. */
  newSession(options?: SessionOptions): Promise<Session>;
}

export function useE2E(options: UseE2EOptions = {}): E2E {
  let server: StartedServer | undefined;
  let browser: E2EBrowser | undefined;
  let file = "e2e";
  let sessions: Session[] = [];

  const teardown = async (): Promise<void> => {
    // Both are stopped even if one of them fails to, so no process outlives the file.
    const results = await Promise.allSettled([browser?.close(), server?.stop()]);
    browser = undefined;
    server = undefined;
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  };

  const newSession = async (sessionOptions: SessionOptions = {}): Promise<Session> => {
    if (!server || !browser) throw new Error("useE2E: the server and browser are not running.");
    const { wallet: walletOptions, ...contextOptions } = { ...options.session, ...sessionOptions };
    const e2eContext = await browser.newContext({ baseURL: server.url, ...contextOptions });
    let wallet: TestWallet | undefined;
    try {
      if (walletOptions !== false) {
        // The wallet's node is the server's relay to the dev chain, as the app's transports are.
        const rpcUrl = `${server.url}${RPC_PATH}`;
        wallet = await installWallet(e2eContext.context, { rpcUrl, ...walletOptions });
      }
    } catch (error) {
      await e2eContext.close();
      throw error;
    }
    const session: Session = {
      context: e2eContext.context,
      page: e2eContext.page,
      get wallet(): TestWallet {
        if (!wallet) throw new Error("This session was opened with wallet: false.");
        return wallet;
      },
      log: e2eContext.logOf(e2eContext.page),
      logOf: e2eContext.logOf,
      profileDir: e2eContext.profileDir,
      close: e2eContext.close,
    };
    sessions.push(session);
    return session;
  };

  // Vitest 4 parses the first argument as fixtures and insists on a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  beforeAll(async ({}, suite) => {
    file = fileSlug(suite.file.name);
    try {
      server = await startServer({ name: file, ...options.server });
      browser = await launchBrowser();
    } catch (error) {
      await teardown().catch(() => undefined);
      throw error;
    }
  });

  beforeEach(async () => {
    await newSession();
  });

  afterEach(async ({ task }) => {
    const open = sessions;
    sessions = [];
    try {
      if (task.result?.state === "fail") {
        await saveFailureArtifacts(`${file}-${slug(task.fullTestName ?? task.name)}`, open, server);
      }
    } finally {
      await Promise.allSettled(open.map((s) => s.close()));
    }
  });

  afterAll(teardown);

  const current = (): Session => {
    const session = sessions[0];
    if (!session) throw new Error("useE2E: no session; use it inside a test.");
    return session;
  };
  const running = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useE2E: the ${what} is not running.`);
    return value;
  };

  return {
    get server() {
      return running(server, "server");
    },
    get browser() {
      return running(browser, "browser");
    },
    get session() {
      return current();
    },
    get page() {
      return current().page;
    },
    get wallet() {
      return current().wallet;
    },
    get log() {
      return current().log;
    },
    newSession,
  };
}

/** `<file>-<test>.png` (then `-2`, `-3` for further pages) and a `.txt` with what the page logged. */
async function saveFailureArtifacts(
  base: string,
  sessions: Session[],
  server: StartedServer | undefined,
): Promise<void> {
  const dir = ensureArtifactsDir();
  // Untouched blank tabs (e.g. the default session when a test opened its own) would only take
  // the base name from the page that matters.
  const pages = sessions
    .flatMap((s) => s.context.pages().map((page) => ({ page, session: s })))
    .filter(({ page }) => page.url() !== "about:blank");
  // Screenshots left by an earlier failing run of the same test would mislead.
  const stale = new RegExp(`^${base}(-\\d+)?\\.png$`);
  for (const old of readdirSync(dir).filter((f) => stale.test(f))) rmSync(path.join(dir, old));
  const notes: string[] = [`server log: ${server?.logFile ?? "(no server)"}`];
  for (const [index, { page, session }] of pages.entries()) {
    const name = index === 0 ? base : `${base}-${index + 1}`;
    const shot = path.join(dir, `${name}.png`);
    // A crashed or hung page must not hide the test's own failure.
    await page.screenshot({ path: shot, fullPage: true, timeout: 10_000 }).catch((error) => {
      notes.push(`screenshot ${name} failed: ${String(error)}`);
    });
    const log = session.logOf(page);
    notes.push(
      `--- ${name}: ${page.url()}`,
      `console errors:\n${log.consoleErrors.join("\n") || "(none)"}`,
      `page errors:\n${log.pageErrors.join("\n") || "(none)"}`,
      `failed requests:\n${log.failedRequests.join("\n") || "(none)"}`,
      `requests:\n${log.requests.join("\n") || "(none)"}`,
    );
  }
  writeFileSync(path.join(dir, `${base}.txt`), `${notes.join("\n\n")}\n`);
}
