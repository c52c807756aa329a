// The websockets (API.md "Websockets"): GET upgrades under /ws. No HTTP schema: a bad query or a
// refusal is answered on the open socket (an error frame, a close code), never as an HTTP answer
// to the upgrade, which browsers hide. `answer` describes the frames.
import { Type } from "@sinclair/typebox";
import type { DataSocketFrame, DepthSocketFrame, KdataSocketFrame } from "../feed";
import { WS_BASE } from "../paths";
import type { AccountPoke } from "../sync";
import { endpoint } from "./endpoint";

function socket<Frame>() {
  return <const Name extends string>(name: Name, summary: string, frames: string) =>
    endpoint({
      method: "GET",
      path: `${WS_BASE}/${name}`,
      summary: `Websocket: ${summary}`,
      access: "public",
      wire: "websocket",
      answer: Type.Unsafe<Frame>({ type: "object", description: frames }),
    });
}

export const socketEndpoints = {
  data: socket<DataSocketFrame>()("data", "tickers", "tickers frames"),
  depth: socket<DepthSocketFrame>()("depth", "order book of a symbol (`?symbol=`)", "depth frames"),
  kdata: socket<KdataSocketFrame>()(
    "kdata",
    "candles of a symbol and interval (`?symbol=&interval=`)",
    "kline frames",
  ),
  account: socket<AccountPoke>()(
    "account",
    "change-log pokes for the user (`?token=`; close 4401/4403 on refusal)",
    '{ type: "poke", seq, cursor }',
  ),
};
