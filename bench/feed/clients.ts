// A child process of the feed benchmark holding many websocket clients: each subscribes to the
// tickers (/ws/data) and one depth book (/ws/depth), and records (topic, seq, receive time) of
// every frame that arrives while the runner's measuring window is open. Frames are not parsed
// beyond their topic seq: a client's own work must not be what the benchmark measures.
import WebSocket from "ws";
import { frameSeq, nowMs } from "./clock";
import { DEPTH_SYMBOL, type ReceiveLog, type RunnerCommand, type TopicIndex } from "./protocol";

const base = process.env["FEED_URL"] ?? "";
const clients = Number(process.env["FEED_CLIENTS"] ?? "0");
const paths: Record<TopicIndex, string> = {
  0: "/ws/data",
  1: `/ws/depth?symbol=${encodeURIComponent(DEPTH_SYMBOL)}`,
};

let records = new Float64Array(3 * 1_000_000);
let count = 0;
let recording = false;

function record(topic: TopicIndex, seq: number, at: number): void {
  if (count * 3 + 3 > records.length) {
    const bigger = new Float64Array(records.length * 2);
    bigger.set(records);
    records = bigger;
  }
  records.set([topic, seq, at], count * 3);
  count += 1;
}

function open(topic: TopicIndex): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(base + paths[topic], { perMessageDeflate: false });
    socket.on("message", (data: Buffer) => {
      if (!recording) return;
      const at = nowMs();
      const seq = frameSeq(data.toString("latin1", 0, Math.min(data.length, 64)));
      if (seq !== null) record(topic, seq, at);
    });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

const sockets: WebSocket[] = [];
// Connect in small waves: thousands of simultaneous handshakes measure the kernel's accept
// queue, not the feed.
for (let i = 0; i < clients; i += 100) {
  const wave = Math.min(100, clients - i);
  const opened = await Promise.all(
    Array.from({ length: wave }, () => Promise.all([open(0), open(1)])),
  );
  sockets.push(...opened.flat());
}
process.send?.({ kind: "connected", sockets: sockets.length });

process.on("message", (command: RunnerCommand) => {
  if (command.kind === "start-window") {
    count = 0;
    recording = true;
  } else if (command.kind === "stop-window") {
    recording = false;
    const log: ReceiveLog = { kind: "received", records: records.slice(0, count * 3), count };
    process.send?.(log);
  } else if (command.kind === "exit") {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
