// A child process of the http benchmark: N clients, each on its own keep-alive connection from
// its own loopback address (127.0.0.2, 127.0.0.3, ...), sending GETs back to back — the next one
// as soon as the previous answer has been read. Running apart from the servers, so the clients'
// own work does not share the servers' event loop. Answers are drained, never parsed.
import http from "node:http";
import type { LoadCommand, LoadResult } from "./protocol";

/** The k-th client's source address: 127.0.0.2 upwards (the whole of 127/8 is loopback). */
function clientAddress(k: number): string {
  return `127.0.${Math.floor(k / 250)}.${2 + (k % 250)}`;
}

/** One keep-alive agent per (client, port): each client holds exactly one connection to each server. */
const agents = new Map<string, http.Agent>();
function agentFor(client: number, port: number): http.Agent {
  const key = `${client}:${port}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: clientAddress(client) });
    agents.set(key, agent);
  }
  return agent;
}

function get(
  agent: http.Agent,
  port: number,
  path: string,
  headers: http.OutgoingHttpHeaders,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent, headers }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function run(command: LoadCommand): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const warmUntil = performance.now() + command.warmUpMs;
  const start = warmUntil;
  const end = start + command.windowMs;
  let count = 0;
  let sent = 0;
  const client = async (k: number) => {
    const agent = agentFor(k, command.port);
    const token = command.tokens?.[k % command.tokens.length];
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    for (;;) {
      const began = performance.now();
      if (began >= end) return;
      const status = await get(agent, command.port, command.path, headers);
      const done = performance.now();
      sent += 1;
      if (began >= start && done <= end) {
        count += 1;
        latencies.push(done - began);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: command.clients }, (_, k) => client(k)));
  return { kind: "done", count, sent, seconds: command.windowMs / 1000, latencies, statuses };
}

process.on("message", (command: LoadCommand | { kind: "exit" }) => {
  if (command.kind === "exit") {
    for (const agent of agents.values()) agent.destroy();
    process.exit(0);
  }
  run(command).then(
    (result) => process.send?.(result),
    (err: unknown) => process.send?.({ kind: "failed", message: String(err) }),
  );
});
process.send?.({ kind: "ready" });
