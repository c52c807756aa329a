// The feed benchmark's subject: the real Quanta app (every plugin, the market hub) on in-memory
// PGlite with the simulated market at 10 ticks a second per symbol, listening on a loopback port.
// While the runner's window is open it records when each tickers and BTC/USDT depth frame was
// handed to the sockets, the frames themselves (the bare server replays them) and its own CPU.
import type { AddressInfo } from "node:net";
import { startSimulatedMarket } from "../../server/market/start-market";
import { buildBenchApp } from "../quanta-app";
import { nowMs } from "./clock";
import {
  DEPTH_SYMBOL,
  logKey,
  type PublishLog,
  type RunnerCommand,
  type TopicIndex,
} from "./protocol";

const topicIndex = new Map<string, TopicIndex>([
  ["tickers", 0],
  [`depth|${DEPTH_SYMBOL}`, 1],
]);
let window: { times: Map<number, number>; frames: PublishLog["frames"]; began: number } | null =
  null;
let cpuAtStart = process.cpuUsage();

const { app, db } = await buildBenchApp({
  marketSockets: {
    onPublish: (key, seq, frame) => {
      const topic = topicIndex.get(key);
      if (window === null || topic === undefined) return;
      const at = nowMs();
      window.times.set(logKey(topic, seq), at);
      window.frames.push({ topic, at, frame });
    },
  },
});
const market = await startSimulatedMarket(db, {
  source: "simulated",
  seed: "bench-feed",
  ticksPerSecond: 10,
  backfillDays: 0,
});
app.market.attach(market.feed);
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ kind: "listening", port: (app.server.address() as AddressInfo).port });

process.on("message", (command: RunnerCommand) => {
  if (command.kind === "start-window") {
    window = { times: new Map(), frames: [], began: nowMs() };
    cpuAtStart = process.cpuUsage();
  } else if (command.kind === "stop-window" && window) {
    const used = process.cpuUsage(cpuAtStart);
    const log: PublishLog & { counters: ReturnType<typeof app.marketHub.counters> } = {
      kind: "published",
      times: window.times,
      frames: window.frames,
      cpuMs: (used.user + used.system) / 1000,
      windowMs: nowMs() - window.began,
      counters: app.marketHub.counters(),
    };
    window = null;
    process.send?.(log);
  } else if (command.kind === "exit") {
    void (async () => {
      await app.close();
      await market.stop();
      await db.close();
      process.exit(0);
    })();
  }
});
