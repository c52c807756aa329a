// What the domain's background loops log with. The domain knows no web framework: the server
// passes its own logger (pino, through Fastify), which has this shape already.

/** A structured log call: fields first (`{ err }`), then the message. */
type LogCall = (fields: object, message: string) => void;

export interface DomainLogger {
  info: LogCall;
  warn: LogCall;
  error: LogCall;
}
