// The feed benchmark's baseline: a bare `ws` server that broadcasts the frames Quanta's hub
// published in the same run, with the same timing, to the same kind of clients — a plain loop of
// `socket.send(frame)` per client, with no topics, backpressure or snapshots. What the hub does
// beyond this is its overhead.
import { WebSocketServer, type WebSocket } from "ws";
import { nowMs } from "./clock";
import { logKey, type PublishLog, type RunnerCommand, type TopicIndex } from "./protocol";

const server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
const subscribers: Record<TopicIndex, Set<WebSocket>> = { 0: new Set(), 1: new Set() };
server.on("connection", (socket, request) => {
  const topic: TopicIndex = request.url?.startsWith("/ws/depth") ? 1 : 0;
  subscribers[topic].add(socket);
  socket.on("close", () => subscribers[topic].delete(socket));
});
server.on("listening", () => {
  const address = server.address();
  if (address !== null && typeof address === "object")
    process.send?.({ kind: "listening", port: address.port });
});

async function replay(frames: PublishLog["frames"]): Promise<void> {
  const times = new Map<number, number>();
  const cpu = process.cpuUsage();
  const first = frames[0]?.at ?? 0;
  const began = nowMs();
  for (const { topic, at, frame } of frames) {
    const wait = began + (at - first) - nowMs();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const seq = Number(/"seq":(\d+)/.exec(frame)?.[1] ?? -1);
    times.set(logKey(topic, seq), nowMs());
    for (const socket of subscribers[topic]) socket.send(frame);
  }
  const used = process.cpuUsage(cpu);
  const log: PublishLog = {
    kind: "published",
    times,
    frames: [],
    cpuMs: (used.user + used.system) / 1000,
    windowMs: nowMs() - began,
  };
  process.send?.(log);
}

process.on("message", (command: RunnerCommand) => {
  if (command.kind === "replay") void replay(command.frames);
  else if (command.kind === "exit") {
    for (const set of Object.values(subscribers)) for (const socket of set) socket.terminate();
    server.close(() => process.exit(0));
  }
});
