// Test doubles for the hub's unit tests: a socket whose unsent bytes the test sets, and a hub
// context on a clock the test moves. Not used by the server.
import type { WebSocket } from "ws";
import { HubConnection } from "./hub-connection";
import { emptyCounters, type HubContext } from "./hub-context";

export interface FakeSocket {
  readonly OPEN: 1;
  readyState: number;
  bufferedAmount: number;
  sent: string[];
  send(text: string): void;
}

export function fakeSocket(): FakeSocket {
  return {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent: [],
    send(text) {
      this.sent.push(text);
    },
  };
}

export function fakeHub(options: { highWaterBytes?: number; lowWaterBytes?: number } = {}) {
  let clock = 0;
  const watched: HubConnection[] = [];
  const context: HubContext = {
    counters: emptyCounters(),
    highWaterBytes: options.highWaterBytes ?? 1000,
    lowWaterBytes: options.lowWaterBytes ?? 100,
    watchBehind: (connection) => watched.push(connection),
    now: () => clock,
    onPublish: undefined,
  };
  return {
    context,
    watched,
    advance(ms: number) {
      clock += ms;
    },
    connect(endpoint: HubConnection["endpoint"] = "depth") {
      const socket = fakeSocket();
      // The hub only touches these members of a ws WebSocket.
      const connection = new HubConnection(socket as unknown as WebSocket, endpoint, context);
      return { socket, connection };
    },
  };
}

export const parsed = (socket: FakeSocket) =>
  socket.sent.map((text) => JSON.parse(text) as Record<string, unknown>);
