// Turns Ajv's first validation error into one English sentence that names the field, e.g.
// `Invalid body: "amount" is required`, and into the VALIDATION params the app words it from
// (`{ field: "amount", rule: "required" }`, protocol/refusals.ts).
import type { RefusalParams, ValidationRule } from "../../protocol/refusals";

export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

export function validationMessage(issues: readonly ValidationIssue[], context?: string): string {
  const where = context ? `Invalid ${context}` : "Invalid request";
  const issue = issues[0];
  if (!issue) return where;
  const base = pointerToField(issue.instancePath);
  const child = (name: unknown) => (base ? `${base}.${String(name)}` : String(name));
  switch (issue.keyword) {
    case "required":
      return `${where}: "${child(issue.params.missingProperty)}" is required`;
    case "additionalProperties":
      return `${where}: "${child(issue.params.additionalProperty)}" is not allowed`;
    default: {
      const detail = issue.message ?? "is invalid";
      return base ? `${where}: "${base}" ${detail}` : `${where}: ${detail}`;
    }
  }
}

/** The field at fault and the rule it broke, as VALIDATION params; `limit` when Ajv names one. */
export function validationParams(issues: readonly ValidationIssue[]): RefusalParams<"VALIDATION"> {
  const issue = issues[0];
  if (!issue) return {};
  const base = pointerToField(issue.instancePath);
  const child = (name: unknown) => (base ? `${base}.${String(name)}` : String(name));
  switch (issue.keyword) {
    case "required":
      return { field: child(issue.params.missingProperty), rule: "required" };
    case "additionalProperties":
      return { field: child(issue.params.additionalProperty), rule: "not-allowed" };
    default: {
      const rule = RULE_OF_KEYWORD[issue.keyword] ?? "format";
      const limit = issue.params.limit;
      return typeof limit === "number" || typeof limit === "string"
        ? { field: base, rule, limit: String(limit) }
        : { field: base, rule };
    }
  }
}

const RULE_OF_KEYWORD: Readonly<Record<string, ValidationRule>> = {
  maxLength: "length",
  minLength: "length",
  maximum: "at-most",
  maxItems: "at-most",
};

/** JSON pointer (`/items/0/price`) to a readable path (`items[0].price`). */
export function pointerToField(pointer: string): string {
  if (pointer === "") return "";
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((path, part) => {
      if (/^\d+$/.test(part)) return `${path}[${part}]`;
      return path ? `${path}.${part}` : part;
    }, "");
}
