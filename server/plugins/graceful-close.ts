// Lets `app.close()` finish promptly. Fastify closes idle keep-alive connections when closing
// starts, but two kinds would otherwise hold the server open past the shutdown grace:
// - a connection busy with a request at that moment turns idle afterwards and would wait for its
//   keep-alive timeout (72 s): answers sent while closing carry `Connection: close`, and until
//   the server has closed, connections are swept as they turn idle (an answer whose headers left
//   before closing, a streamed one say, has no such header);
// - a connection that has sent nothing yet counts as busy to Node until its headers timeout
//   (60 s): it holds no request, so the sweep ends it.
// A request that starts once closing has begun is refused 503 UNAVAILABLE in the envelope
// (Fastify's own 503 is not one).
import type { Socket } from "node:net";
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";

/** How often, while closing, connections that turned idle (or never asked anything) are closed. */
const SWEEP_MS = 25;

export const gracefulClosePlugin = globalPlugin("quanta-graceful-close", async (app) => {
  let closing = false;
  const connections = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  const sweep = () => {
    app.server.closeIdleConnections();
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  };
  app.addHook("preClose", async () => {
    closing = true;
    if (!app.server.listening) return;
    const sweeper = setInterval(sweep, SWEEP_MS);
    app.server.once("close", () => clearInterval(sweeper));
  });
  app.addHook("onRequest", async () => {
    if (closing) throw new ApiError(503, "UNAVAILABLE", "The server is shutting down; try again");
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
});
