// The /ws/account socket: the server pokes it on connect and whenever the user's change log
// grows. It is only a hint — pulls run on their own triggers without it — so it reconnects
// quietly with backoff and full jitter. A socket that dropped or never opened asks for a pull,
// whose outcome (not the socket's) tells the online state: a proxy that blocks websockets must
// not show "offline". A refused session (4401, 4403) is not retried until the session changes;
// the pull it asks for meets the same refusal over HTTP, which signs out through the hooks.
import type { AccountPoke } from "../../protocol";
import { Backoff, RECONNECT_BACKOFF } from "../../protocol/backoff";
import type { SyncEnvironment } from "./environment";

/** A connection that lasted this long was healthy: its loss starts the backoff afresh. */
const STABLE_MS = 30_000;
/** Close codes of server/plugins/account-socket.ts: no or ended session, locked account. */
export const SESSION_REFUSED = new Set([4401, 4403]);

export interface AccountSocketDeps {
  env: SyncEnvironment;
  /** The socket's URL for the current session, or null when signed out. */
  url: () => string | null;
  onPoke: (poke: AccountPoke) => void;
  /** Closed or never opened: check the server over HTTP. */
  onDrop: () => void;
}

function parsePoke(data: string): AccountPoke | null {
  try {
    const frame = JSON.parse(data) as Partial<AccountPoke>;
    return frame.type === "poke" && typeof frame.cursor === "string"
      ? (frame as AccountPoke)
      : null;
  } catch {
    return null;
  }
}

export class AccountSocket {
  private connection: { close(): void } | null = null;
  private cancelRetry: (() => void) | null = null;
  private running = false;
  private readonly backoff: Backoff;

  constructor(private readonly deps: AccountSocketDeps) {
    this.backoff = new Backoff(RECONNECT_BACKOFF, deps.env.random);
  }

  get connected(): boolean {
    return this.connection !== null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.cancelRetry?.();
    this.cancelRetry = null;
    const connection = this.connection;
    this.connection = null;
    connection?.close();
  }

  /** The session changed: a new token needs a new connection (or none when signed out). */
  restart(): void {
    this.stop();
    this.backoff.reset();
    this.start();
  }

  private connect(): void {
    const { env } = this.deps;
    const url = this.deps.url();
    if (!this.running || env.openSocket === null || url === null) return;
    let openedAt: number | null = null;
    const connection = env.openSocket(url, {
      onOpen: () => {
        if (this.connection === connection) openedAt = env.now();
      },
      onMessage: (data) => {
        if (this.connection !== connection) return;
        const poke = parsePoke(data);
        if (poke !== null) this.deps.onPoke(poke);
      },
      onClose: (code) => {
        if (this.connection !== connection) return;
        this.connection = null;
        if (openedAt !== null && env.now() - openedAt >= STABLE_MS) this.backoff.reset();
        this.deps.onDrop();
        if (!this.running || SESSION_REFUSED.has(code)) return;
        this.cancelRetry = env.setTimer(() => {
          this.cancelRetry = null;
          this.connect();
        }, this.backoff.fail());
      },
    });
    this.connection = connection;
  }
}
