// One client address holds at most `socketsPerClient` websockets at once, on a real port with real
// `ws` clients: the next is closed at once with 1013 "Try Again Later", and a socket that closes
// frees its place.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { WS_BASE } from "../../protocol/paths";
import { CLOSE_TRY_AGAIN_LATER } from "../../server/plugins/socket-quota";
import { freePort } from "./helpers/net";
import { createUserSession } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";
import { connect, staysFalse, type TestSocket } from "./helpers/ws-client";

const getDb = usePglite();
let app: FastifyInstance;
let url: string;
const CLIENT = "127.0.0.1";

beforeAll(async () => {
  app = await buildTestApp({ db: getDb(), socketsPerClient: 3 });
  const port = await freePort();
  await app.listen({ port, host: CLIENT });
  const user = await createUserSession(getDb());
  url = `ws://${CLIENT}:${port}${WS_BASE}/account?token=${user.token}`;
});
afterAll(async () => {
  await app?.close();
});

const opened = (socket: TestSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.ws.once("open", () => resolve());
    socket.ws.once("close", (code) => reject(new Error(`closed with ${code} instead of opening`)));
  });

async function until(predicate: () => boolean): Promise<void> {
  await expect.poll(predicate, { interval: 10 }).toBe(true);
}

it("closes the socket over the quota with 1013, and admits again once one closes", async () => {
  const held = [connect(url), connect(url), connect(url)];
  await Promise.all(held.map(opened));
  await until(() => app.socketQuota.held(CLIENT) === 3);

  const over = connect(url);
  expect(await over.closed()).toEqual({
    code: CLOSE_TRY_AGAIN_LATER,
    reason: "Too many open connections from this address",
  });
  expect(app.socketQuota.held(CLIENT)).toBe(3);

  held[0]?.ws.close();
  await until(() => app.socketQuota.held(CLIENT) === 2);
  const next = connect(url);
  await opened(next);
  expect(await staysFalse(() => next.ws.readyState !== next.ws.OPEN, 300)).toBe(true);
  expect(app.socketQuota.held(CLIENT)).toBe(3);

  for (const socket of [...held, next]) socket.ws.close();
  await until(() => app.socketQuota.held(CLIENT) === 0);
});

it("counts sockets opened on any spelling of the path against the same quota", async () => {
  const spelled = [
    url.replace(`${WS_BASE}/account`, "/%77s/account"),
    url.replace(`${WS_BASE}/account`, "/w%73/%61ccount"),
    url.replace(`${WS_BASE}/account`, "/%77%73/account"),
  ];
  const held = spelled.map((each) => connect(each));
  await Promise.all(held.map(opened));
  await until(() => app.socketQuota.held(CLIENT) === 3);
  const over = connect(url);
  expect((await over.closed()).code).toBe(CLOSE_TRY_AGAIN_LATER);
  for (const socket of held) socket.ws.close();
  await until(() => app.socketQuota.held(CLIENT) === 0);
});
