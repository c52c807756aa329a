import type { Static } from "@sinclair/typebox";
import type { HealthAnswer } from "./endpoints/health";

export type QuantaMode = "demo" | "production";

/** GET /health — not enveloped (the schema: endpoints/health.ts). */
export type Health = Static<typeof HealthAnswer>;
