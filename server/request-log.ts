// Fastify's per-request log lines, at debug. Fastify writes two `info` lines per request (incoming,
// completed): at the default level that is a serialisation and a write for every request, and the
// lines bury what an operator reads. Here a request writes one line at completion — method, URL
// (tokens redacted by app.ts's serializer), client address, status, time — at debug, so LOG_LEVEL
// =debug brings it back. What stays at info and above: startup, shutdown, warnings, and every
// failed request (errors.ts logs a 500 in full, with its request; Fastify's own error lines are
// kept as they are).
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

export class RequestLogController extends LogController {
  /** One line per request, written when it completes; but a websocket upgrade never completes
   * as an HTTP answer, so its line is written as it arrives. */
  override incomingRequest(request: FastifyRequest): void {
    if (request.headers.upgrade === undefined) return;
    request.log.debug({ req: request }, "incoming websocket");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // Below debug, pino's debug is a no-op: nothing is serialised or written.
    reply.log.debug(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      "request completed",
    );
  }
}
