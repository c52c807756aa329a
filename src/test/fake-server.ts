// A stubbed server for screen tests: fetch answers each request with the next reply whose URL
// matches (else a 500), and every request the app sent is recorded, body and Idempotency-Key
// included. Used by the options, spot, contract and quant screen tests.
import { vi } from "vitest";

export interface SentRequest {
  method: string;
  url: string;
  key: string | null;
  body: unknown;
}

/** What the app sent, in order, since the last clearSent(). */
export const sent: SentRequest[] = [];

export function clearSent(): void {
  sent.length = 0;
}

/** The server answers each request with the next reply whose URL matches (else 500). */
export function answer(...replies: { path: RegExp; status: number; body: unknown }[]): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const text = await input.text();
      sent.push({
        method: input.method,
        url: input.url,
        key: input.headers.get("Idempotency-Key"),
        body: text === "" ? null : JSON.parse(text),
      });
      const index = replies.findIndex((reply) => reply.path.test(input.url));
      const [reply = { status: 500, body: {} }] = index === -1 ? [] : replies.splice(index, 1);
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}
