// What an operator may write as an article, checked in one place for the admin API and the CLI
// (which reaches the domain without Fastify's schemas): every problem is a 400 VALIDATION that
// names the field, and the body comes out sanitised.
import {
  ARTICLE_CATEGORIES,
  LANGS,
  isLang,
  type ArticleCategory,
  type Lang,
} from "../../../protocol/content";
import type { ValidationRule } from "../../../protocol/refusals";
import { invalid } from "../errors";
import { isCoverPath } from "./content-images";
import { hasText, sanitizeBody } from "./sanitize-body";
import type { ArticleText } from "./seed/types";

export const ARTICLE_LIMITS = {
  titleMaxLength: 200,
  summaryMaxLength: 500,
  bodyMaxLength: 200_000,
} as const;

export const ARTICLE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export interface ArticleInput {
  /** null: the server picks one from the English title. */
  id: string | null;
  category: ArticleCategory;
  cover: string | null;
  /** ISO-8601 with offset; null: now (create) or unchanged (update). */
  publishedAt: string | null;
  sort: number;
  /** English always present; bodies sanitised. */
  texts: { en: ArticleText } & Partial<Record<Lang, ArticleText>>;
}

const KEYS = new Set(["id", "category", "cover", "publishedAt", "sort", "texts"]);
const TEXT_KEYS = new Set(["title", "summary", "body"]);
const ISO_WITH_OFFSET =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;
// New lines, NUL and bidi overrides have no place in a one-line title or summary.
const CONTROL = /[\p{Cc}\p{Cf}]/u;

export function parseArticleInput(raw: unknown): ArticleInput {
  const body = asObject(raw, "body");
  for (const key of Object.keys(body)) {
    if (!KEYS.has(key)) throw invalidBody(key, "not-allowed", "is not allowed");
  }
  return {
    id: optional(body.id, (v) => pattern(v, "id", ARTICLE_ID_PATTERN, "a lower-case slug")),
    category: category(body.category),
    cover: optional(body.cover, cover),
    publishedAt: optional(body.publishedAt, publishedAt),
    sort: optional(body.sort, sort) ?? 0,
    texts: texts(body.texts),
  };
}

function category(value: unknown): ArticleCategory {
  if (value === undefined) throw invalidBody("category", "required", "is required");
  const found = ARTICLE_CATEGORIES.find((c) => c === value);
  if (found === undefined)
    throw invalidBody("category", "format", `must be one of ${ARTICLE_CATEGORIES.join(", ")}`);
  return found;
}

function cover(value: unknown): string {
  if (typeof value !== "string" || !isCoverPath(value)) {
    throw invalidBody("cover", "format", 'must be null or "/content/<file>.svg|png|jpg|webp"');
  }
  return value;
}

function publishedAt(value: unknown): string {
  if (typeof value !== "string" || !ISO_WITH_OFFSET.test(value) || isNaN(Date.parse(value))) {
    throw invalidBody(
      "publishedAt",
      "format",
      "must be an ISO-8601 time with an offset, like 2025-01-31T09:00:00Z",
    );
  }
  return new Date(value).toISOString();
}

function sort(value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > 1_000_000) {
    throw invalidBody("sort", "format", "must be an integer from -1000000 to 1000000");
  }
  return value;
}

function texts(value: unknown): ArticleInput["texts"] {
  if (value === undefined) throw invalidBody("texts", "required", "is required");
  const object = asObject(value, "texts");
  const out: Partial<Record<Lang, ArticleText>> = {};
  for (const [lang, text] of Object.entries(object)) {
    if (!isLang(lang)) {
      throw invalidBody(
        `texts.${lang}`,
        "not-allowed",
        `is not allowed; languages are ${LANGS.join(", ")}`,
      );
    }
    out[lang] = articleText(text, `texts.${lang}`);
  }
  const { en } = out;
  if (en === undefined)
    throw invalidBody("texts.en", "required", "is required (English is the fallback)");
  return { ...out, en };
}

function articleText(value: unknown, field: string): ArticleText {
  const text = asObject(value, field);
  for (const key of Object.keys(text)) {
    if (!TEXT_KEYS.has(key)) throw invalidBody(`${field}.${key}`, "not-allowed", "is not allowed");
  }
  const title = line(text.title, `${field}.title`, 1, ARTICLE_LIMITS.titleMaxLength);
  const summary = line(text.summary, `${field}.summary`, 0, ARTICLE_LIMITS.summaryMaxLength);
  if (typeof text.body !== "string")
    throw invalidBody(`${field}.body`, "format", "must be an HTML string");
  const body = sanitizeBody(text.body);
  if (!hasText(body)) {
    throw invalidBody(
      `${field}.body`,
      "format",
      "has no text left after removing what is not allowed",
    );
  }
  if (body.length > ARTICLE_LIMITS.bodyMaxLength) {
    throw invalidBody(
      `${field}.body`,
      "length",
      `must be at most ${ARTICLE_LIMITS.bodyMaxLength} characters`,
    );
  }
  return { title, summary, body };
}

function line(value: unknown, field: string, min: number, max: number): string {
  if (value === undefined) throw invalidBody(field, "required", "is required");
  const text = typeof value === "string" ? value.trim() : null;
  if (text === null || text.length < min || text.length > max || CONTROL.test(text)) {
    throw invalidBody(field, "length", `must be ${min} to ${max} characters on one line`);
  }
  return text;
}

function pattern(value: unknown, field: string, re: RegExp, what: string): string {
  if (typeof value !== "string" || !re.test(value))
    throw invalidBody(field, "format", `must be ${what}`);
  return value;
}

/** undefined and null both mean "not given". */
function optional<T>(value: unknown, parse: (value: unknown) => T): T | null {
  return value === undefined || value === null ? null : parse(value);
}

function asObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw field === "body"
      ? invalid("body", "format", "Invalid body: the body must be a JSON object")
      : invalidBody(field, "format", "must be an object");
  }
  return value as Record<string, unknown>;
}

function invalidBody(field: string, rule: ValidationRule, detail: string) {
  return invalid(field, rule, `Invalid body: "${field}" ${detail}`);
}
