// Builds the Fastify app: plugins first, then routes. No listening and no process concerns here,
// so tests build the very same app and call it with `inject` or on a real port.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config, LogLevel } from "./config";
import type { Db } from "./db/db";
import { loadTotpSecretBox } from "./domain/auth/operator-secrets";
import type { TotpSecretBox } from "./domain/auth/totp-secret-box";
import { accountSocketPlugin, type AccountSocketOptions } from "./plugins/account-socket";
import { authPlugin } from "./plugins/auth";
import { chainPlugin } from "./plugins/chain";
import { dbPlugin } from "./plugins/db";
import { errorsPlugin, handleClientError, handleFrameworkError } from "./plugins/errors";
import { nulGuardPlugin } from "./plugins/nul-guard";
import { bodyTypesPlugin } from "./plugins/body-types";
import { mailPlugin } from "./plugins/mail";
import { marketPlugin } from "./plugins/market";
import { marketSocketsPlugin, type MarketSocketOptions } from "./plugins/market-sockets";
import { gracefulClosePlugin } from "./plugins/graceful-close";
import { DEFAULT_RATE_LIMIT, rateLimitPlugin, type RateLimitOptions } from "./plugins/rate-limit";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { staticAppPlugin } from "./plugins/static-app";
import { websocketPlugin } from "./plugins/websocket";
import { registerRoutes } from "./routes/index";
import { RequestLogController } from "./request-log";
import { SERVER_VERSION } from "./version";

declare module "fastify" {
  interface FastifyInstance {
    /** The validated configuration this app was built with. */
    config: Config;
    /** Seals operators' TOTP secrets; null in production without OPERATOR_SECRET_KEY. */
    totpSecrets: TotpSecretBox | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** false silences logs (tests); `{ stream }` captures them; default: stdout at config level. */
  logger?: boolean | { stream: NodeJS.WritableStream; level?: LogLevel };
  /** Per-client limit on /api; default DEFAULT_RATE_LIMIT. */
  rateLimit?: RateLimitOptions;
  /** Largest accepted request body in bytes; default 1 MiB (uploads raise it on their route). */
  bodyLimit?: number;
  /** Reported by /health; default package.json's version. */
  version?: string;
  /** Ping and poke timing of /ws/account (tests shorten them). */
  accountSocket?: AccountSocketOptions;
  /** Timing and backpressure of /ws/data, /ws/depth, /ws/kdata (tests and benchmarks). */
  marketSockets?: MarketSocketOptions;
  /** Open websockets per client address; default WS_MAX_SOCKETS_PER_CLIENT. */
  socketsPerClient?: number;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Resolves to an app that is registered but not ready: callers may still add routes (tests add
 * test-only ones), then `inject`, `ready` or `listen`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const { trustProxy } = config;
  const app = Fastify({
    logger: loggerOptions(options.logger ?? true, config.logLevel),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // A hop count becomes proxy-addr's "trust the first n hops" function (the typed form).
    trustProxy:
      typeof trustProxy === "number"
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    frameworkErrors: handleFrameworkError,
    // Refusals before routing (431, 408, not HTTP) and while closing (503) get the envelope too.
    clientErrorHandler: handleClientError,
    return503OnClosing: false,
    // Request lines at debug, one per request (request-log.ts).
    logController: new RequestLogController(),
  });

  // Routes that depend on configuration (sign-in's origin and chains, upload limits) read it here.
  app.decorate("config", config);
  app.decorate("totpSecrets", loadTotpSecretBox(config.operatorKey));

  // JSON only (API.md). Without a text/plain parser, a cross-site form cannot post a "simple"
  // (preflight-free) request body that reaches a handler.
  app.removeContentTypeParser("text/plain");

  await app.register(gracefulClosePlugin);
  await app.register(securityHeadersPlugin, {
    publicOrigin: config.publicOrigin,
    walletConnect: config.walletConnect,
  });
  await app.register(dbPlugin, { db });
  await app.register(rateLimitPlugin, options.rateLimit ?? DEFAULT_RATE_LIMIT);
  // Before any route, so every route's context uses these handlers.
  await app.register(errorsPlugin);
  await app.register(nulGuardPlugin);
  await app.register(bodyTypesPlugin);
  // Before any route (the static app's included), so upgrades reach websocket routes only.
  await app.register(websocketPlugin, { socketsPerClient: options.socketsPerClient });
  await app.register(staticAppPlugin, { distDir: config.appDistDir });
  await app.register(authPlugin);
  await app.register(accountSocketPlugin, options.accountSocket ?? {});
  // `app.market`: workers.ts attaches the running feed; depth and the market sockets read it.
  await app.register(marketPlugin);
  await app.register(marketSocketsPlugin, options.marketSockets ?? {});
  // `app.chain`: production's configured chain now; server-services.ts attaches the demo dev chain later.
  await app.register(chainPlugin, { chain: config.chain });
  // `app.mail`: SMTP_URL's transport now; the demo sink's is attached by server-services.ts.
  const origin = config.publicOrigin ?? `http://localhost:${config.port}`;
  await app.register(mailPlugin, { mail: config.mail, origin });

  await registerRoutes(app, { mode: config.mode, version: options.version ?? SERVER_VERSION });
  return app;
}

function loggerOptions(
  logger: NonNullable<BuildAppOptions["logger"]>,
  level: LogLevel,
): FastifyServerOptions["logger"] {
  if (logger === false) return false;
  const stream = logger === true ? undefined : logger.stream;
  return {
    level: logger === true ? level : (logger.level ?? level),
    ...(stream ? { stream } : {}),
    // Defence in depth: if a header object is ever logged, the credentials in it are not.
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "headers.authorization",
        "headers.cookie",
        'res.headers["set-cookie"]',
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; host?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  };
}

/** The account websocket carries its token in the query (API.md); keep it out of the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, "$1[redacted]");
}
