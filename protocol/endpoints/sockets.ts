// The websockets (API.md "Websockets"): GET upgrades under /ws. No HTTP schema: a bad query or a
// refusal is answered on the open socket (an error frame, a close code), never as an HTTP answer
// to the upgrade, which browsers hide. `query` and `answer` here document the frames.
import { Type } from "@sinclair/typebox";
import type { AccountPoke } from "../sync";
import type { DataSocketFrame, DepthSocketFrame, KdataSocketFrame } from "../feed";
import { WS_BASE } from "../paths";
import { endpoint } from "./endpoint";

const frames = <T>(description: string) => Type.Unsafe<T>({ type: "object", description });

export const socketEndpoints = {
  data: endpoint({
    method: "GET",
    path: `${WS_BASE}/data`,
    summary: "Websocket: tickers",
    access: "public",
    wire: "websocket",
    answer: frames<DataSocketFrame>("tickers frames"),
  }),
  depth: endpoint({
    method: "GET",
    path: `${WS_BASE}/depth`,
    summary: "Websocket: order book of a symbol (`?symbol=`)",
    access: "public",
    wire: "websocket",
    answer: frames<DepthSocketFrame>("depth frames"),
  }),
  kdata: endpoint({
    method: "GET",
    path: `${WS_BASE}/kdata`,
    summary: "Websocket: candles of a symbol and interval (`?symbol=&interval=`)",
    access: "public",
    wire: "websocket",
    answer: frames<KdataSocketFrame>("kline frames"),
  }),
  account: endpoint({
    method: "GET",
    path: `${WS_BASE}/account`,
    summary: "Websocket: change-log pokes for the user (`?token=`; close 4401/4403 on refusal)",
    access: "public",
    wire: "websocket",
    answer: frames<AccountPoke>('{ type: "poke", seq, cursor }'),
  }),
};
