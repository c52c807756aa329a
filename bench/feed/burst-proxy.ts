// The burst benchmark's front door: a plain HTTP proxy to the real Quanta server, except for the
// market sockets (/ws/data, /ws/depth, /ws/kdata), which the benchmark answers itself over real
// websockets. So the page receives the burst as it would from a server — network frames, not
// Playwright's in-page routeWebSocket, which delivers every message with a script evaluation in
// the page and would put the benchmark's own work on the main thread it measures.
import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

export type SocketPath = "data" | "depth" | "kdata";

const MARKET_SOCKET = /^\/ws\/(data|depth|kdata)(\?|$)/;

export interface BurstProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * Proxies `target` (an http origin); market socket upgrades go to `onSocket` with their path.
 */
export async function startBurstProxy(
  target: string,
  onSocket: (path: SocketPath, socket: WebSocket) => void,
): Promise<BurstProxy> {
  const upstream = new URL(target);
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const server: Server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  server.on("upgrade", (req, socket, head) => {
    const market = MARKET_SOCKET.exec(req.url ?? "");
    if (market) {
      sockets.handleUpgrade(req, socket, head, (ws) => onSocket(market[1] as SocketPath, ws));
      return;
    }
    // Any other socket (/ws/account): the raw bytes both ways, the upgrade request first.
    const raw = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries(req.headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value ?? ""]).map((v) => `${name}: ${v}\r\n`),
      );
      raw.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("")}\r\n`);
      raw.write(head);
      raw.pipe(socket).pipe(raw);
    });
    raw.on("error", () => socket.destroy());
    socket.on("error", () => raw.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
