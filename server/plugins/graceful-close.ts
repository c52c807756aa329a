// Lets `app.close()` finish promptly. Fastify closes idle keep-alive connections when closing
// starts, but a connection busy with a request at that moment turns idle afterwards and would
// hold the server open until its keep-alive timeout (72 s) — longer than the shutdown grace.
// Answers sent while closing therefore carry `Connection: close`. A request that starts once
// closing has begun is refused 503 UNAVAILABLE in the envelope (Fastify's own 503 is not one).
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";

export const gracefulClosePlugin = globalPlugin("quanta-graceful-close", async (app) => {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async () => {
    if (closing) throw new ApiError(503, "UNAVAILABLE", "The server is shutting down; try again");
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
});
