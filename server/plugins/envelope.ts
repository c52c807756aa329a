// Every JSON answer of /api/v1 is an envelope (API.md "Conventions"). Handlers return `ok(data)`
// or throw `ApiError`; the error handler turns everything else into an envelope too.
import type { FastifyReply } from "fastify";
import type { Envelope, ErrorCode, ErrorParams } from "../../protocol/envelope";

/**
 * A client-visible failure of the HTTP layer: real status, machine code, an English message and,
 * for a domain refusal (domain/errors.ts), its params. The domain throws DomainError, never this.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    options?: ErrorOptions & { params?: ErrorParams },
  ) {
    super(message, options);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.code = code;
    this.params = options?.params;
  }
}

export function ok<T>(data: T, message = "OK"): Envelope<T> {
  return { HttpStatusCode: 200, Message: message, Data: data };
}

/** For answers other than 200 (e.g. 201 Created): sets the status and mirrors it in the body. */
export function withStatus<T>(
  reply: FastifyReply,
  status: number,
  data: T,
  message: string,
): Envelope<T> {
  reply.code(status);
  return { HttpStatusCode: status, Message: message, Data: data };
}

export function errorEnvelope(error: ApiError): Envelope<null> {
  const envelope: Envelope<null> = {
    HttpStatusCode: error.statusCode,
    Message: error.message,
    Data: null,
    Code: error.code,
  };
  if (error.params && Object.keys(error.params).length > 0) envelope.Params = error.params;
  return envelope;
}
