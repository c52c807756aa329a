// `npm run bench -- feed`: the market hub's fan-out. For 500, 2,000 and 5,000 clients, each
// subscribed to the tickers (/ws/data) and the BTC/USDT book (/ws/depth), it measures the real
// Quanta server (child process, simulated market at 10 ticks/s per symbol) and then a bare `ws`
// server broadcasting the very frames Quanta published, with the same timing, to the same
// clients: delivered messages per second, p50/p99 delivery latency (publish → client receive,
// one clock for all processes), and the server's CPU. Goal: ratio ≥ 0.5, p99 < 250 ms at 5,000.
// Then the Chromium burst (bench/feed-burst.ts).
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchFeedBurst } from "./feed-burst";
import { logKey, type PublishLog, type ReceiveLog, type TopicIndex } from "./feed/protocol";
import { recordGoal } from "./goals";

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_COUNTS = (process.env["BENCH_FEED_CLIENTS"] ?? "500,2000,5000").split(",").map(Number);
const WINDOW_MS = Number(process.env["BENCH_FEED_WINDOW_MS"] ?? 10_000);
/** Clients are spread over this many processes, so one client process is not the bottleneck. */
const CLIENT_PROCESSES = 2;
/** Frames still in flight when the server's window closes get this long to arrive. */
const DRAIN_MS = 1_000;

interface Child {
  process: ChildProcess;
  next<T>(kind: string): Promise<T>;
  send(message: unknown): void;
}

function start(file: string, env: Record<string, string> = {}): Child {
  const child = fork(path.join(here, "feed", file), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting: { kind: string; resolve: (m: unknown) => void }[] = [];
  child.on("message", (message: { kind: string }) => {
    const index = waiting.findIndex((w) => w.kind === message.kind);
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(message);
  });
  return {
    process: child,
    next: <T>(kind: string) =>
      new Promise<T>((resolve, reject) => {
        waiting.push({ kind, resolve: resolve as (m: unknown) => void });
        child.once("exit", (code) => reject(new Error(`${file} exited (${code})`)));
      }),
    send: (message) => child.send(message as never),
  };
}

async function stop(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  child.send({ kind: "exit" });
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  child.process.kill("SIGKILL");
}

interface Figures {
  delivered: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuPercent: number;
  missing: number;
}

function figures(published: PublishLog, received: ReceiveLog[], clients: number): Figures {
  const latencies: number[] = [];
  let delivered = 0;
  for (const log of received) {
    const r = log.records;
    for (let i = 0; i < log.count; i += 1) {
      const publishedAt = published.times.get(logKey(r[i * 3] as TopicIndex, r[i * 3 + 1] ?? 0));
      if (publishedAt === undefined) continue; // a snapshot or a frame from outside the window
      delivered += 1;
      latencies.push((r[i * 3 + 2] ?? 0) - publishedAt);
    }
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    delivered,
    perSecond: (delivered * 1000) / published.windowMs,
    p50: at(0.5),
    p99: at(0.99),
    cpuPercent: (published.cpuMs / published.windowMs) * 100,
    // Each published frame was owed to every client once.
    missing: published.times.size * clients - delivered,
  };
}

async function connectClients(port: number, clients: number): Promise<Child[]> {
  const per = Math.ceil(clients / CLIENT_PROCESSES);
  const children = Array.from({ length: CLIENT_PROCESSES }, (_, i) =>
    start("clients.ts", {
      FEED_URL: `ws://127.0.0.1:${port}`,
      FEED_CLIENTS: String(Math.max(0, Math.min(per, clients - i * per))),
    }),
  );
  await Promise.all(children.map((c) => c.next("connected")));
  return children;
}

async function collect(children: Child[]): Promise<ReceiveLog[]> {
  const logs = children.map((c) => c.next<ReceiveLog>("received"));
  for (const c of children) c.send({ kind: "stop-window" });
  return Promise.all(logs);
}

function print(label: string, f: Figures): void {
  console.log(
    `  ${label.padEnd(7)} ${f.perSecond.toFixed(0).padStart(8)} msg/s delivered, ` +
      `p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, server CPU ${f.cpuPercent.toFixed(0)} %, ` +
      `not delivered ${f.missing}`,
  );
}

async function runOnce(clients: number): Promise<void> {
  // Quanta.
  const server = start("quanta-server.ts");
  const { port } = await server.next<{ port: number }>("listening");
  const quantaClients = await connectClients(port, clients);
  await new Promise((r) => setTimeout(r, 2_000)); // snapshots delivered, tickers flowing
  for (const c of quantaClients) c.send({ kind: "start-window" });
  server.send({ kind: "start-window" });
  await new Promise((r) => setTimeout(r, WINDOW_MS));
  const publishedLog = server.next<PublishLog & { counters: Record<string, number> }>("published");
  server.send({ kind: "stop-window" });
  const published = await publishedLog;
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  const quanta = figures(published, await collect(quantaClients), clients);
  await Promise.all([...quantaClients.map(stop), stop(server)]);

  // The bare broadcast of the same frames.
  const bare = start("bare-server.ts");
  const { port: barePort } = await bare.next<{ port: number }>("listening");
  const bareClients = await connectClients(barePort, clients);
  for (const c of bareClients) c.send({ kind: "start-window" });
  const bareLog = bare.next<PublishLog>("published");
  bare.send({ kind: "replay", frames: published.frames });
  const barePublished = await bareLog;
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  const baseline = figures(barePublished, await collect(bareClients), clients);
  await Promise.all([...bareClients.map(stop), stop(bare)]);

  const ratio = quanta.perSecond / baseline.perSecond;
  const goal = ratio >= 0.5 && (clients < 5000 || quanta.p99 < 250);
  recordGoal({
    figure: `feed fan-out, ${clients} clients: delivered messages per second, Quanta / bare ws`,
    value: ratio,
    kind: "atLeast",
    target: 0.5,
    baseline: "a bare ws server replaying the same frames",
  });
  if (clients >= 5000) {
    recordGoal({
      figure: `feed fan-out, ${clients} clients: p99 publish → receive, ms`,
      value: quanta.p99,
      kind: "atMost",
      target: 250,
      baseline: "an absolute bound (the bare server's p99 is printed beside it)",
    });
  }
  console.log(
    `feed fan-out, ${clients} clients × (tickers + depth), ${published.frames.length} frames in ${(published.windowMs / 1000).toFixed(1)} s:`,
  );
  print("quanta", quanta);
  print("bare ws", baseline);
  console.log(
    `  ratio ${ratio.toFixed(3)} (goal ≥ 0.5${clients >= 5000 ? ", p99 < 250 ms" : ""}: ${goal ? "met" : "NOT met"}); ` +
      `hub: skipped ${published.counters["framesSkipped"]}, resnapshots ${published.counters["resnapshots"]}, ` +
      `serialised ${published.counters["framesSerialised"]}, sent ${published.counters["framesSent"]}`,
  );
}

export async function benchFeed(): Promise<void> {
  for (const clients of CLIENT_COUNTS) await runOnce(clients);
  if (process.env["BENCH_FEED_BURST"] !== "0") await benchFeedBurst();
}
