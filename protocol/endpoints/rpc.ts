// POST /api/v1/rpc (demo only): the JSON-RPC 2.0 relay to the dev chain. JSON-RPC in and out, not
// the API envelope (a refusal outside demo is the envelope's DEMO_ONLY).
import { Type } from "@sinclair/typebox";
import { RPC_PATH } from "../paths";
import { endpoint } from "./endpoint";

export const rpcEndpoints = {
  rpc: endpoint({
    method: "POST",
    path: RPC_PATH,
    summary: "JSON-RPC relay to the dev chain (demo only); a trailing slash is accepted too",
    access: "public",
    wire: "raw",
    body: Type.Object({}, { description: "a JSON-RPC 2.0 request or batch" }),
    // The relay parses the body itself, so that even a bad one gets a JSON-RPC error object.
    bodyAsValidated: null,
    answer: Type.Object({}, { description: "a JSON-RPC 2.0 response or batch" }),
  }),
};
