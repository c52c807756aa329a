// Drives Debian's Chromium through playwright-core. Every context is its own browser process with a
// fresh profile directory, so service workers, caches, IndexedDB and localStorage never leak from
// one test into the next, and a test can reopen the same profile to check what a PWA kept offline.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

type PersistentContextOptions = NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>;

/** Playwright context options (locale, timezoneId, baseURL, colorScheme, viewport, ...) plus: */
export type E2EContextOptions = Omit<
  PersistentContextOptions,
  "executablePath" | "args" | "headless"
> & {
  /** Reuse this profile directory (it is then not deleted on close); default a fresh temp dir. */
  profileDir?: string;
};

/** What one page did, for assertions such as "no CSP violation" or "the spot chunk was fetched". */
export interface PageLog {
  /** console.error output and browser-reported errors (CSP violations, failed resource loads). */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  pageErrors: string[];
  /** Every request URL the page made, in order (served by the service worker or not). */
  requests: string[];
  /** Requests that got no response at all: "<url> <error text>". */
  failedRequests: string[];
}

export interface E2EContext {
  context: BrowserContext;
  /** The context's first tab; open more with `context.newPage()` (they are logged too). */
  page: Page;
  profileDir: string;
  /** The log of any page of this context. */
  logOf(page: Page): PageLog;
  /** Close the browser process and delete the profile unless it was passed in. Safe twice. */
  close(): Promise<void>;
}

export interface E2EBrowser {
  executablePath: string;
  newContext(options?: E2EContextOptions): Promise<E2EContext>;
  /** Close every context still open. */
  close(): Promise<void>;
}

// Flags known to work for Debian's Chromium in a container without a GPU, sandbox or network
// beyond loopback: background networking and updates would only add noise and delays.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A phone, because the app is mobile first (root font size follows the viewport width). */
const PHONE: E2EContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: "en-US",
};

export function resolveChromium(): string {
  const fromEnv = process.env["CHROMIUM_PATH"];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const dir of (process.env["PATH"] ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "chromium");
    if (dir && existsSync(candidate)) return candidate;
  }
  throw new Error(
    "Chromium not found (set CHROMIUM_PATH, or install it: apt-get install -y chromium). " +
      "Playwright's own browser download does not work here and must not be used.",
  );
}

export async function launchBrowser(opts: { executablePath?: string } = {}): Promise<E2EBrowser> {
  const executablePath = opts.executablePath ?? resolveChromium();
  const open = new Set<E2EContext>();

  const newContext = async (options: E2EContextOptions = {}): Promise<E2EContext> => {
    const { profileDir: givenProfile, ...contextOptions } = options;
    const profileDir = givenProfile ?? mkdtempSync(path.join(tmpdir(), "quanta-e2e-profile-"));
    let context: BrowserContext;
    try {
      context = await chromium.launchPersistentContext(profileDir, {
        ...PHONE,
        ...contextOptions,
        executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
        timeout: 60_000,
      });
    } catch (error) {
      if (!givenProfile) rmSync(profileDir, { recursive: true, force: true });
      throw error;
    }

    const logs = new WeakMap<Page, PageLog>();
    const track = (page: Page): void => {
      const log: PageLog = { consoleErrors: [], pageErrors: [], requests: [], failedRequests: [] };
      logs.set(page, log);
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const { url, lineNumber } = message.location();
        log.consoleErrors.push(url ? `${message.text()} (${url}:${lineNumber})` : message.text());
      });
      // A thrown value that is not an Error (a rejected event, a string) comes with an empty
      // stack: its name and message are then all there is to tell it by.
      page.on("pageerror", (error) =>
        log.pageErrors.push(error.stack || `${error.name}: ${error.message || "(no message)"}`),
      );
      page.on("request", (request) => log.requests.push(request.url()));
      page.on("requestfailed", (request) =>
        log.failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ""}`.trim()),
      );
    };
    context.pages().forEach(track);
    context.on("page", track);

    // A persistent context opens with one blank tab; use it so screenshots find the right page.
    const page = context.pages()[0] ?? (await context.newPage());
    let closed: Promise<void> | undefined;
    const e2eContext: E2EContext = {
      context,
      page,
      profileDir,
      logOf: (p) => {
        const log = logs.get(p);
        if (!log) throw new Error("This page does not belong to this e2e context.");
        return log;
      },
      close: () => {
        closed ??= (async () => {
          open.delete(e2eContext);
          await context.close().catch(() => undefined);
          if (!givenProfile) {
            rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
          }
        })();
        return closed;
      },
    };
    open.add(e2eContext);
    return e2eContext;
  };

  return {
    executablePath,
    newContext,
    close: async () => {
      await Promise.all([...open].map((c) => c.close()));
    },
  };
}
