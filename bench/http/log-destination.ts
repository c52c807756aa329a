// The benchmark's log file, written the way the server writes its logs.
import { createRequire } from "node:module";

/**
 * The destination the server's logger writes to in production (pino's default for stdout: an
 * asynchronous sonic-boom), here into a file. Taken from Fastify's own pino, the one the app uses.
 */
export function logDestination(file: string): NodeJS.WritableStream {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve("fastify"));
  const pino = fromFastify("pino") as {
    destination(options: { dest: string; sync: boolean }): NodeJS.WritableStream;
  };
  return pino.destination({ dest: file, sync: false });
}
