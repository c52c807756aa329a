// Security headers for the app and the API (helmet). The CSP is what a Vite-built React PWA needs
// and no more: own scripts only (plus WebAssembly compilation), inline styles (React style props
// and injected CSS), images and fonts from data:/blob: (wallet icons are data: URIs), and network
// access to this origin, its websockets included.
import type { IncomingMessage } from "node:http";
import helmet from "@fastify/helmet";
import { globalPlugin } from "./global-plugin";

export interface SecurityHeadersOptions {
  /** When known, websocket sources are pinned to it instead of the request's Host header. */
  publicOrigin: string | null;
}

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

export const securityHeadersPlugin = globalPlugin<SecurityHeadersOptions>(
  "quanta-security-headers",
  async (app, { publicOrigin }) => {
    const https = publicOrigin?.startsWith("https:") ?? false;
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        // Helmet's defaults add upgrade-insecure-requests, which breaks the demo on plain
        // http://localhost (and LAN addresses used to try it on a phone).
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", "'wasm-unsafe-eval'"],
          "script-src-attr": ["'none'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:"],
          "font-src": ["'self'", "data:"],
          "connect-src": [(req: IncomingMessage) => connectSources(publicOrigin, req.headers.host)],
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

    app.addHook("onRequest", async (_request, reply) => {
      // Camera for scanning identity documents and wallet QR codes; nothing else sensitive.
      reply.header(
        "permissions-policy",
        "camera=(self), microphone=(), geolocation=(), payment=()",
      );
    });
  },
);
