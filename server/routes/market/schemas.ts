// Query schemas of /market. The symbol and interval lists come from the code that serves them,
// so a bad value is a 400 VALIDATION naming the field, never an empty answer or a 500.
import { KLINE_INTERVALS } from "../../../protocol/market";
import { SYMBOLS } from "../../market/symbols";
import { ApiError } from "../../plugins/envelope";

const symbol = { type: "string", enum: SYMBOLS.map((s) => s.symbol) } as const;
/** A time bound: ISO-8601 with an offset, or epoch milliseconds. */
const time = {
  type: "string",
  pattern:
    "^(\\d{1,15}|\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))$",
} as const;
const limit = (max: number, fallback: number) =>
  ({ type: "integer", minimum: 1, maximum: max, default: fallback }) as const;

const query = (properties: Record<string, unknown>, required: string[] = ["symbol"]) => ({
  querystring: { type: "object", additionalProperties: false, required, properties },
});

export const klinesSchema = query({
  symbol,
  interval: { type: "string", enum: [...KLINE_INTERVALS], default: "1m" },
  limit: limit(1000, 200),
  end: time,
});
export const depthSchema = query({ symbol, limit: limit(20, 20) });
export const ticksSchema = query({ symbol, from: time, to: time, limit: limit(1000, 500) });
export const headSchema = query({ symbol });

/** Epoch ms of a time bound the schema let through; an impossible date ("2026-13-45") is a 400. */
export function parseTime(field: string, value: string): number {
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (Number.isFinite(ms)) return ms;
  throw new ApiError(400, "VALIDATION", `querystring/${field} is not a valid time ("${value}")`);
}
