// The one place that decides what a failure looks like on the wire. Client mistakes keep their
// 4xx status and get a specific code; anything else is a real fault: logged in full, answered as
// a generic 500 so no internals (SQL, paths, secrets) ever leak.
import { STATUS_CODES as HTTP_REASONS } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "../../protocol/envelope";
import { DomainError } from "../domain/errors";
import { ApiError, errorEnvelope } from "./envelope";
import { refusalStatus } from "./error-status";
import { globalPlugin } from "./global-plugin";
import { validationMessage, validationParams, type ValidationIssue } from "./validation-message";

const STATUS_CODES: Record<number, ErrorCode> = {
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

type LooseError = Partial<FastifyError> & { status?: unknown };

/** Maps an error to the ApiError the client sees, or null when it is a server fault. */
export function toClientError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) {
    // instanceof widens the code to any; every DomainError's code is an ErrorCode.
    const refused = error as DomainError;
    return new ApiError(
      refusalStatus(refused.code, refused.params),
      refused.code,
      refused.message,
      {
        params: refused.params,
      },
    );
  }
  if (typeof error !== "object" || error === null) return null;
  const e = error as LooseError;

  if (Array.isArray(e.validation)) {
    const issues = e.validation as unknown as ValidationIssue[];
    return new ApiError(400, "VALIDATION", validationMessage(issues, e.validationContext), {
      params: validationParams(issues),
    });
  }
  switch (e.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError(400, "BAD_JSON", "The request body is not valid JSON");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ApiError(400, "BAD_JSON", "The request body is empty but declared as JSON");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, "PAYLOAD_TOO_LARGE", "The request body is too large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "Unsupported Content-Type; send application/json",
      );
    case "FST_ERR_BAD_URL":
      return new ApiError(400, "BAD_REQUEST", "The URL is not valid");
  }

  const status = typeof e.statusCode === "number" ? e.statusCode : e.status;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 499) {
    return null;
  }
  if (status === 429) return new ApiError(429, "RATE_LIMITED", "Too many requests");
  // Other 4xx come from fastify or its plugins, whose messages are written for clients.
  const message =
    typeof e.message === "string" && e.message.length > 0 && e.message.length <= 200
      ? e.message
      : "The request could not be processed";
  return new ApiError(status, STATUS_CODES[status] ?? "BAD_REQUEST", message);
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  let clientError = toClientError(error);
  if (clientError) {
    // The client's mistake, not the server's: a per-request line, like the request line.
    request.log.debug(
      { code: clientError.code, status: clientError.statusCode },
      clientError.message,
    );
  } else {
    // With its request: request lines are at debug, and an operator needs to know what failed.
    request.log.error({ err: error, req: request }, "request failed");
    clientError = new ApiError(500, "INTERNAL", "Internal server error");
  }
  // A file reply may have set its own type and caching before failing; the error replaces both.
  reply.removeHeader("cache-control");
  void reply
    .code(clientError.statusCode)
    .type("application/json; charset=utf-8")
    .send(errorEnvelope(clientError));
}

/** Fastify's `frameworkErrors` option: URL errors raised before routing (bad %-encoding...). */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  sendError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request
 * (headers or URL too large, a request that never finished arriving, bytes that are not HTTP).
 * Fastify's default answers those in its own JSON shape; here they get the envelope too.
 */
export function handleClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Duplex,
): void {
  // A reset connection has no one to answer (Node's own advice for clientError).
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const answer = clientErrorAnswer(error.code);
  this.log.debug({ err: error, code: answer.code }, "client error before routing");
  if (socket.writable) {
    const body = JSON.stringify(errorEnvelope(answer));
    socket.write(
      `HTTP/1.1 ${answer.statusCode} ${HTTP_REASONS[answer.statusCode] ?? ""}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy();
}

function clientErrorAnswer(code: string | undefined): ApiError {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return new ApiError(431, "HEADERS_TOO_LARGE", "The request's URL or headers are too large");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError(408, "REQUEST_TIMEOUT", "The request did not arrive in time");
    default:
      return new ApiError(400, "BAD_REQUEST", "The request is not valid HTTP");
  }
}

export const errorsPlugin = globalPlugin("quanta-errors", async (app) => {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));

  // Rate limited like any other request: otherwise probing for valid URLs costs nothing.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const shell = app.appShell;
    if (shell?.wants(request)) return shell.send(reply);
    const path = (request.url.split("?")[0] ?? "/").slice(0, 200);
    throw new ApiError(404, "NOT_FOUND", `No such endpoint: ${request.method} ${path}`);
  });
});
