// The readable twin of GET /api/docs: one static HTML page listing every endpoint (method, path,
// summary, who may call, its inputs and its answer as JSON Schema). No script and nothing from
// another origin (the CSP forbids both); every piece of text is escaped.
import type { TObject, TSchema } from "@sinclair/typebox";
import type { EndpointArea, EndpointSpec } from "../../../protocol/endpoints";

const ACCESS_TEXT = {
  public: "public",
  "optional-user": "public (remembers a signed-in caller)",
  user: "signed-in user (Bearer token)",
  operator: "operator (ready session; the role needs the permission)",
  "operator-session": "operator (any sign-in stage)",
  "user-or-operator": "signed-in user or operator",
  "signed-in": "any session",
} as const;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export function docsPage(
  endpoints: readonly (EndpointSpec & { area: EndpointArea })[],
  version: string,
): string {
  const areas = [...new Set(endpoints.map((e) => e.area))];
  const sections = areas.map((area) => {
    const rows = endpoints.filter((e) => e.area === area).map(endpointHtml);
    return `<section><h2>${escapeHtml(area)}</h2>${rows.join("")}</section>`;
  });
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Quanta API ${escapeHtml(version)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>Quanta API <small>${escapeHtml(version)}</small></h1>`,
    "<p>JSON under <code>/api/v1</code>, answers in the envelope ",
    "<code>{ HttpStatusCode, Message, Data }</code> unless marked otherwise. ",
    'The same contract as OpenAPI 3.1: <a href="docs">/api/docs</a>.</p>',
    ...sections,
    "</body></html>",
  ].join("\n");
}

function endpointHtml(spec: EndpointSpec): string {
  const parts: [string, TSchema | undefined][] = [
    ["Path parameters", spec.params],
    ["Query", spec.query],
    ["Headers", spec.headers],
    ["Body (JSON)", spec.body],
    ["Form (multipart)", spec.form],
  ];
  const inputs = parts.flatMap(([title, schema]) =>
    schema === undefined ? [] : [fieldsHtml(title, schema)],
  );
  const wire = spec.wire ?? "envelope";
  const answerTitle = wire === "envelope" ? "Data" : `Answer (${wire})`;
  return [
    `<article><h3><span class="method">${escapeHtml(spec.method)}</span> `,
    `<code>${escapeHtml(spec.path)}</code></h3>`,
    `<p>${escapeHtml(spec.summary)}. <em>${escapeHtml(ACCESS_TEXT[spec.access])}</em></p>`,
    ...inputs,
    `<h4>${escapeHtml(answerTitle)}</h4><pre>${escapeHtml(json(spec.answer))}</pre>`,
    "</article>",
  ].join("");
}

function fieldsHtml(title: string, schema: TSchema): string {
  const object = schema as TObject;
  const properties = Object.entries(object.properties ?? {});
  if (properties.length === 0) {
    return `<h4>${escapeHtml(title)}</h4><pre>${escapeHtml(json(schema))}</pre>`;
  }
  const required = new Set(object.required ?? []);
  const rows = properties.map(
    ([name, property]) =>
      `<tr><td><code>${escapeHtml(name)}</code></td>` +
      `<td>${required.has(name) ? "required" : "optional"}</td>` +
      `<td><code>${escapeHtml(json(property))}</code></td></tr>`,
  );
  return `<h4>${escapeHtml(title)}</h4><table>${rows.join("")}</table>`;
}

/** JSON Schema text; TypeBox's symbol markers are left out by JSON itself. */
function json(schema: TSchema): string {
  return JSON.stringify(schema, null, 2);
}

const STYLE = [
  "body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}",
  "article{border-top:1px solid #ddd;padding:.5rem 0}",
  "h3{font-size:1rem;margin:.5rem 0}",
  "h4{font-size:.85rem;margin:.5rem 0 .25rem}",
  ".method{display:inline-block;min-width:4.5rem;font-weight:700}",
  "pre,td code{white-space:pre-wrap;font-size:.8rem}",
  "pre{background:#f6f6f6;padding:.5rem;max-height:20rem;overflow:auto}",
  "table{border-collapse:collapse;width:100%}",
  "td{border:1px solid #eee;padding:.25rem .5rem;vertical-align:top}",
].join("");
