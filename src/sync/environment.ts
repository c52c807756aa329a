// Everything the sync engine takes from the browser, behind one interface so tests inject a
// clock, timers, visibility, locks, sockets and tab messaging (jsdom and Node lack some).

/** The part of the Web Locks API the engine uses (navigator.locks). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

export interface SocketHandlers {
  onOpen(): void;
  onMessage(data: string): void;
  /** Closed or failed (`code`: the close code, 1006 when the connection just broke). */
  onClose(code: number): void;
}

/** An open (or opening) socket. `send` before it opened, or after it closed, drops the data. */
export interface SocketConnection {
  close(): void;
  send(data: string): void;
}

export type OpenSocket = (url: string, handlers: SocketHandlers) => SocketConnection;

/** Messages between the tabs of this app (followers ask the leader to pull). */
export type TabMessage = { type: "pull"; lang: string | null } | { type: "flush" };

export interface TabChannel {
  post(message: TabMessage): void;
  listen(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

export interface SyncEnvironment {
  now(): number;
  /** In [0, 1), for backoff jitter. */
  random(): number;
  /** Runs `fn` once after `ms`; answers a cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
  isVisible(): boolean;
  /** The page became visible again (visibilitychange → visible). */
  onVisible(listener: () => void): () => void;
  onFocus(listener: () => void): () => void;
  /** null: no Web Locks (old Safari, jsdom) — every tab leads alone. */
  locks: LockManagerLike | null;
  /** navigator.storage.persist, or null where it does not exist. */
  persistStorage: (() => Promise<boolean>) | null;
  /** null: no websockets; pulls still run on their other triggers. */
  openSocket: OpenSocket | null;
  /** null: no BroadcastChannel; followers then rely on their own IndexedDB reads only. */
  openChannel: (() => TabChannel) | null;
}

const CHANNEL_NAME = "quanta-sync";

/** Runs `fn` every `ms` (first after `ms`) on the environment's timers; answers a stop function. */
export function repeatEvery(env: SyncEnvironment, ms: number, fn: () => void): () => void {
  let cancel: () => void = () => undefined;
  const schedule = () => {
    cancel = env.setTimer(() => {
      schedule();
      fn();
    }, ms);
  };
  schedule();
  return () => cancel();
}

function browserSocket(url: string, handlers: SocketHandlers): SocketConnection {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === "string") handlers.onMessage(event.data);
  };
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code);
  return {
    close: () => socket.close(),
    // WebSocket#send throws while CONNECTING; the feeds resend what matters after onOpen.
    send: (data) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(data);
    },
  };
}

function browserChannel(): TabChannel {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent) => listener(event.data as TabMessage);
      channel.addEventListener("message", onMessage);
      return () => channel.removeEventListener("message", onMessage);
    },
    close: () => channel.close(),
  };
}

/** The real browser. */
export function browserEnvironment(): SyncEnvironment {
  const locks = typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : null;
  const storage = typeof navigator !== "undefined" ? navigator.storage : undefined;
  return {
    now: () => Date.now(),
    random: () => Math.random(),
    setTimer(fn, ms) {
      const handle = setTimeout(fn, ms);
      return () => clearTimeout(handle);
    },
    isVisible: () => document.visibilityState === "visible",
    onVisible(listener) {
      const handler = () => {
        if (document.visibilityState === "visible") listener();
      };
      document.addEventListener("visibilitychange", handler);
      return () => document.removeEventListener("visibilitychange", handler);
    },
    onFocus(listener) {
      window.addEventListener("focus", listener);
      return () => window.removeEventListener("focus", listener);
    },
    // The DOM's LockManager is this shape; its callback may also be handed null (ifAvailable).
    locks: locks as LockManagerLike | null,
    persistStorage: typeof storage?.persist === "function" ? () => storage.persist() : null,
    openSocket: typeof WebSocket === "function" ? browserSocket : null,
    openChannel: typeof BroadcastChannel === "function" ? browserChannel : null,
  };
}
