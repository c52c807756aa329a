// Time bounds of /market queries (the query schemas are the contract's, protocol/endpoints/market.ts).
import { invalid } from "../../domain/errors";

/** Epoch ms of a time bound the schema let through; an impossible date ("2026-13-45") is a 400. */
export function parseTime(field: string, value: string): number {
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (Number.isFinite(ms)) return ms;
  throw invalid(field, "format", `querystring/${field} is not a valid time ("${value}")`);
}
