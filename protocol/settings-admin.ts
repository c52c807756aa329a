// Operators edit the public settings (GET /system/system: pitch, subscribe, footer) per language
// (issue 22). One checker for each alias's dataset shape, used by the server (the decision) and
// by the console (to say what is wrong before sending).
import type { ValidationRule } from "./refusals";
import { SETTING_ALIASES, type Lang, type SettingAlias, type SettingDatasets } from "./content";

export const SETTING_LIMITS = {
  /** Titles, the footer's operator name and copyright line. */
  lineMaxLength: 200,
  /** Subtitles and texts. */
  textMaxLength: 2000,
  /** The pitch's points. */
  pointsMax: 12,
} as const;

/** A setting row as operators see it: one alias in one language. */
export interface AdminSetting {
  alias: SettingAlias;
  lang: Lang;
  dataset: SettingDatasets[SettingAlias];
  /** "seed": the repository's, refreshed on start; "operator": edited, kept over the seed. */
  origin: "seed" | "operator";
  updatedAt: string;
}

export interface SettingProblem {
  field: string;
  rule: ValidationRule;
  message: string;
  limit?: number;
}

export type SettingCheck<A extends SettingAlias> =
  { ok: true; dataset: SettingDatasets[A] } | ({ ok: false } & SettingProblem);

export function isSettingAlias(value: unknown): value is SettingAlias {
  return typeof value === "string" && (SETTING_ALIASES as readonly string[]).includes(value);
}

class Problem extends Error {
  constructor(readonly problem: SettingProblem) {
    super(problem.message);
  }
}

/** Exactly `keys`, nothing else. */
function objectWith(raw: unknown, path: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new Problem({ field: path, rule: "format", message: `"${path}" must be an object.` });
  }
  const record = raw as Record<string, unknown>;
  const extra = Object.keys(record).find((k) => !keys.includes(k));
  if (extra !== undefined) {
    const field = `${path}.${extra}`;
    throw new Problem({ field, rule: "not-allowed", message: `Unknown field "${field}".` });
  }
  return record;
}

/** A trimmed, non-empty string of at most `max` characters. */
function text(record: Record<string, unknown>, path: string, key: string, max: number): string {
  const value = record[key];
  const field = `${path}.${key}`;
  if (typeof value !== "string") {
    throw new Problem({ field, rule: "required", message: `"${field}" must be a text.` });
  }
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > max) {
    throw new Problem({
      field,
      rule: "length",
      message: `"${field}" must be 1 to ${max} characters.`,
      limit: max,
    });
  }
  return trimmed;
}

const { lineMaxLength: LINE, textMaxLength: TEXT, pointsMax } = SETTING_LIMITS;

function parse(alias: SettingAlias, raw: unknown): SettingDatasets[SettingAlias] {
  const path = "dataset";
  if (alias === "subscribe") {
    const o = objectWith(raw, path, ["title", "text"]);
    return { title: text(o, path, "title", LINE), text: text(o, path, "text", TEXT) };
  }
  if (alias === "footer") {
    const o = objectWith(raw, path, ["operator", "copyright"]);
    return {
      operator: text(o, path, "operator", LINE),
      copyright: text(o, path, "copyright", LINE),
    };
  }
  const o = objectWith(raw, path, ["title", "subtitle", "points"]);
  const title = text(o, path, "title", LINE);
  const subtitle = text(o, path, "subtitle", TEXT);
  const points = o.points;
  if (!Array.isArray(points) || points.length === 0 || points.length > pointsMax) {
    throw new Problem({
      field: `${path}.points`,
      rule: "length",
      message: `"${path}.points" must be a list of 1 to ${pointsMax} points.`,
      limit: pointsMax,
    });
  }
  return {
    title,
    subtitle,
    points: points.map((point: unknown, i) => {
      const at = `${path}.points.${i}`;
      const p = objectWith(point, at, ["title", "text"]);
      return { title: text(p, at, "title", LINE), text: text(p, at, "text", TEXT) };
    }),
  };
}

/** Checks a dataset against its alias's shape; texts come back trimmed. */
export function checkSettingDataset<A extends SettingAlias>(
  alias: A,
  raw: unknown,
): SettingCheck<A> {
  try {
    return { ok: true, dataset: parse(alias, raw) as SettingDatasets[A] };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, ...error.problem };
    throw error;
  }
}
