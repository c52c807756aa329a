// GET /health: outside /api/v1 and not enveloped (API.md "Added paths").
import { Type } from "@sinclair/typebox";
import type { QuantaMode } from "../health";
import { HEALTH_PATH } from "../paths";
import { endpoint } from "./endpoint";

export const HealthAnswer = Type.Object({
  ok: Type.Boolean(),
  mode: Type.Unsafe<QuantaMode>({ type: "string", enum: ["demo", "production"] }),
  version: Type.String(),
});

export const healthEndpoints = {
  health: endpoint({
    method: "GET",
    path: HEALTH_PATH,
    summary: "Liveness, mode and version: 200 when the database answers, 503 otherwise",
    access: "public",
    wire: "raw",
    answer: HealthAnswer,
  }),
};
