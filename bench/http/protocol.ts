// Messages between the http benchmark and its load-client process.

export interface LoadCommand {
  kind: "run";
  port: number;
  path: string;
  /** Bearer tokens, one per client (round robin); null for anonymous requests. */
  tokens: string[] | null;
  clients: number;
  /** Requests before the window are sent but not counted. */
  warmUpMs: number;
  windowMs: number;
}

export interface LoadResult {
  kind: "done";
  /** Requests sent and answered inside the window. */
  count: number;
  seconds: number;
  /** Requests answered in the whole phase, warm-up included. */
  sent: number;
  /** Milliseconds per request, in completion order. */
  latencies: number[];
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
}
