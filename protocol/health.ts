export type QuantaMode = "demo" | "production";

/** GET /health — not enveloped. */
export interface Health {
  ok: boolean;
  mode: QuantaMode;
  version: string;
}
