// Websockets a test plays the server of: each `openSocket` call makes a FakeSocket that records
// what the client sent; the test opens it, delivers frames and closes it.
import type { OpenSocket, SocketConnection, SocketHandlers } from "../environment";

export class FakeSocket implements SocketConnection {
  readonly sent: string[] = [];
  isOpen = false;
  closedByClient = false;
  /** Closed by either side. */
  ended = false;

  constructor(
    readonly url: string,
    private readonly handlers: SocketHandlers,
  ) {}

  /** The path and query, e.g. "/ws/depth?symbol=BTC%2FUSDT". */
  get address(): string {
    const url = new URL(this.url);
    return url.pathname + url.search;
  }

  query(name: string): string | null {
    return new URL(this.url).searchParams.get(name);
  }

  /** What the client sent, parsed. */
  ops(): unknown[] {
    return this.sent.map((text) => JSON.parse(text) as unknown);
  }

  open(): this {
    this.isOpen = true;
    this.handlers.onOpen();
    return this;
  }

  /** Delivers a frame: objects as JSON, strings as they are. */
  receive(frame: unknown): void {
    if (this.ended) throw new Error("receive() on a closed socket");
    this.handlers.onMessage(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The server (or the network) ends the connection. */
  drop(code = 1006): void {
    if (this.ended) return;
    this.ended = true;
    this.isOpen = false;
    this.handlers.onClose(code);
  }

  close(): void {
    this.closedByClient = true;
    this.isOpen = false;
    this.ended = true;
  }

  send(data: string): void {
    if (this.isOpen) this.sent.push(data);
  }
}

export class FakeSocketServer {
  readonly sockets: FakeSocket[] = [];

  readonly openSocket: OpenSocket = (url, handlers) => {
    const socket = new FakeSocket(url, handlers);
    this.sockets.push(socket);
    return socket;
  };

  /** The sockets the client opened to `path` ("/ws/depth"), oldest first. */
  on(path: string): FakeSocket[] {
    return this.sockets.filter((socket) => new URL(socket.url).pathname === path);
  }

  /** The newest socket to `path`. */
  last(path: string): FakeSocket {
    const socket = this.on(path).at(-1);
    if (!socket) throw new Error(`no socket to ${path} was opened`);
    return socket;
  }

  /** The sockets to `path` neither side has closed. */
  live(path: string): FakeSocket[] {
    return this.on(path).filter((socket) => !socket.ended);
  }
}
