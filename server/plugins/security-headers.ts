// Security headers for the app and the API (helmet). The CSP is what a Vite-built React PWA needs
// and no more: own scripts only (plus WebAssembly compilation), inline styles (React style props
// and injected CSS), images and fonts from data:/blob: (wallet icons are data: URIs), and network
// access to this origin, its websockets included.
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify from "fastify";
import { LINK_FRAME_ORIGINS } from "../domain/content/link-frames";
import { globalPlugin } from "./global-plugin";

export interface SecurityHeadersOptions {
  /** When known, websocket sources are pinned to it instead of the request's Host header. */
  publicOrigin: string | null;
  /**
   * Whether the app was built with WalletConnect (config.walletConnect, from VITE_WC_PROJECT_ID);
   * default false. Only then does the policy admit WalletConnect's and the modal's hosts;
   * without it the policy stays same-origin.
   */
  walletConnect?: boolean;
}

/**
 * What WalletConnect v2 and @web3modal need: the relay (websocket), its RPC, verify and pulse
 * endpoints, the wallet list API and its images, the modal's fonts, and the verify and secure
 * (email/social) frames. From @walletconnect/* and @web3modal/* 2.x / 5.x sources.
 */
export const WALLETCONNECT_SOURCES = {
  connect: [
    "wss://relay.walletconnect.org",
    "wss://relay.walletconnect.com",
    "https://rpc.walletconnect.org",
    "https://rpc.walletconnect.com",
    "https://verify.walletconnect.org",
    "https://verify.walletconnect.com",
    "https://pulse.walletconnect.org",
    "https://api.web3modal.org",
    "https://api.web3modal.com",
    "https://explorer-api.walletconnect.com",
  ],
  img: [
    "https://api.web3modal.org",
    "https://api.web3modal.com",
    "https://explorer-api.walletconnect.com",
  ],
  style: ["https://fonts.googleapis.com"],
  font: ["https://fonts.gstatic.com", "https://fonts.reown.com"],
  frame: [
    "https://verify.walletconnect.org",
    "https://verify.walletconnect.com",
    "https://secure.walletconnect.org",
  ],
} as const;

// A Host header goes into the CSP, so only plain host[:port] passes; anything else (';' would
// split the policy) falls back to 'self' alone rather than failing the request.
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** connect-src: this origin plus `ws:`/`wss:` of the same host (CSP3 'self' covers them, but
 * older Safari does not). */
export function connectSources(publicOrigin: string | null, hostHeader: string | undefined) {
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    return `'self' ${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  }
  if (hostHeader && HOST.test(hostHeader)) return `'self' ws://${hostHeader} wss://${hostHeader}`;
  return "'self'";
}

/** What connect-src's per-request part is while the headers are computed (then replaced). */
const CONNECT_MARK = "quanta-connect-src-mark";
/** Headers the scratch app's own answer carries, not helmet's. */
const NOT_HELMET = new Set(["content-type", "content-length", "date", "connection"]);

/**
 * The headers helmet sets with `options`, computed once. @fastify/helmet rebuilds helmet from its
 * options on every request (parsing and validating the whole CSP each time); the headers only
 * change with the Host header's part of connect-src, so helmet runs once, on a scratch app, with
 * that part marked, and requests get the result.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const scratch = Fastify();
  try {
    await scratch.register(helmet, options);
    scratch.get("/", async () => "");
    const response = await scratch.inject("/");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (!NOT_HELMET.has(name) && value !== undefined) headers[name] = String(value);
    }
    return headers;
  } finally {
    await scratch.close();
  }
}

export const securityHeadersPlugin = globalPlugin<SecurityHeadersOptions>(
  "quanta-security-headers",
  async (app, options) => {
    const { publicOrigin } = options;
    const https = publicOrigin?.startsWith("https:") ?? false;
    // The app's build flag, read here too so one variable switches both halves on.
    const wc = options.walletConnect ?? false;
    const extra = (list: readonly string[]) => (wc ? list : []);
    const headers = await helmetHeaders({
      global: true,
      contentSecurityPolicy: {
        // Helmet's defaults add upgrade-insecure-requests, which breaks the demo on plain
        // http://localhost (and LAN addresses used to try it on a phone).
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", "'wasm-unsafe-eval'"],
          "script-src-attr": ["'none'"],
          "style-src": ["'self'", "'unsafe-inline'", ...extra(WALLETCONNECT_SOURCES.style)],
          "img-src": ["'self'", "data:", "blob:", ...extra(WALLETCONNECT_SOURCES.img)],
          "font-src": ["'self'", "data:", ...extra(WALLETCONNECT_SOURCES.font)],
          // This origin's own part (connectSources) is filled in per request, below.
          "connect-src": [CONNECT_MARK, ...extra(WALLETCONNECT_SOURCES.connect)],
          // Without WalletConnect or frameable operator links this stays default-src ('self');
          // with them, WalletConnect's verify and secure frames and the admitted link origins.
          ...(wc || LINK_FRAME_ORIGINS.length > 0
            ? {
                "frame-src": [
                  "'self'",
                  ...extra(WALLETCONNECT_SOURCES.frame),
                  ...LINK_FRAME_ORIGINS,
                ],
              }
            : {}),
          // The service worker (sw.js) is served from this origin.
          "worker-src": ["'self'"],
          "manifest-src": ["'self'"],
          // Identity photos preview from object URLs; no other media.
          "media-src": ["'self'", "blob:"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "frame-ancestors": ["'none'"],
          "form-action": ["'self'"],
        },
      },
      // Wallet SDKs (Coinbase, WalletConnect) talk to the popups they open; plain same-origin
      // would cut that link.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      // require-corp would block wallet icons and any cross-origin image; not needed (no SAB).
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "no-referrer" },
      xFrameOptions: { action: "deny" },
      // HSTS only for a configured https origin: the demo runs on plain http, where a TLS
      // terminator in front of "localhost" must not pin it to https for every other project.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });
    // Camera for scanning identity documents and wallet QR codes; nothing else sensitive.
    headers["permissions-policy"] = "camera=(self), microphone=(), geolocation=(), payment=()";

    const { "content-security-policy": csp = "", ...fixed } = headers;
    const [before = "", after, ...more] = csp.split(CONNECT_MARK);
    if (after === undefined || more.length > 0)
      throw new Error("connect-src's mark is not in the CSP once");
    // With a public origin the whole policy is fixed; otherwise it names the request's host.
    const fixedPolicy = publicOrigin
      ? before + connectSources(publicOrigin, undefined) + after
      : null;

    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(fixed);
      reply.header(
        "content-security-policy",
        fixedPolicy ?? before + connectSources(null, request.headers.host) + after,
      );
      done();
    });
  },
);
