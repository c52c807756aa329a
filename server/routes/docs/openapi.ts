// The OpenAPI 3.1 document of the endpoint contract. TypeBox schemas are JSON Schema already
// (their TypeScript markers are symbols, which JSON leaves out), so each part goes in as it is.
import type { TObject, TSchema } from "@sinclair/typebox";
import type { EndpointArea, EndpointSpec } from "../../../protocol/endpoints";
import { ERROR_CODES } from "../../../protocol/envelope";
import { permissionOf } from "../../../protocol/operators";

type Json = Record<string, unknown>;

/** `/api/v1/spot/orders/{id}` for Fastify's `/api/v1/spot/orders/:id`; a wildcard is `{path}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, "{$1}").replace(/\*$/, "{path}");
}

export function openApiDocument(
  endpoints: readonly (EndpointSpec & { area: EndpointArea })[],
  version: string,
): Json {
  const paths: Record<string, Json> = {};
  for (const spec of endpoints) {
    const path = openApiPath(spec.path);
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operation(spec) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Quanta API",
      version,
      description:
        "JSON in and out under /api/v1, every answer in the envelope " +
        "{ HttpStatusCode, Message, Data } unless an endpoint says otherwise; money and " +
        "quantities are decimal strings; lists take ?cursor=&limit= and answer { items, nextCursor }.",
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { Refusal: refusalSchema },
    },
  };
}

const refusalSchema = {
  type: "object",
  required: ["HttpStatusCode", "Message", "Data"],
  properties: {
    HttpStatusCode: { type: "integer" },
    Message: {
      type: "string",
      description: "English; the app words refusals from Code and Params",
    },
    Code: { type: "string", enum: [...ERROR_CODES] },
    Params: { type: "object" },
    Data: { type: "null" },
  },
};

function operation(spec: EndpointSpec & { area: EndpointArea }): Json {
  const parameters = [
    ...parametersOf(spec.params, "path"),
    ...parametersOf(spec.query, "query"),
    ...parametersOf(spec.headers, "header"),
  ];
  const body = requestBody(spec);
  return {
    operationId: `${spec.method.toLowerCase()}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? "").toUpperCase())}`,
    summary: spec.summary,
    tags: [spec.area],
    ...(spec.access === "public" || spec.access === "optional-user"
      ? {}
      : { security: [{ bearer: [] }] }),
    ...(spec.access === "operator"
      ? { description: `Operators only (permission: ${permissionOf(spec)}).` }
      : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(spec),
  };
}

function parametersOf(schema: TSchema | undefined, where: "path" | "query" | "header"): Json[] {
  if (schema === undefined) return [];
  const object = schema as TObject;
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: property,
  }));
}

function requestBody(spec: EndpointSpec): Json | null {
  if (spec.form) {
    return { required: true, content: { "multipart/form-data": { schema: spec.form } } };
  }
  if (!spec.body) return null;
  return { required: true, content: { "application/json": { schema: spec.body } } };
}

function responses(spec: EndpointSpec): Json {
  const wire = spec.wire ?? "envelope";
  if (wire === "websocket") {
    return {
      "101": { description: `Switching protocols; the frames: ${describe(spec.answer)}` },
      "426": { description: "Not a websocket upgrade" },
    };
  }
  if (wire === "file") {
    return { "200": { description: describe(spec.answer) }, default: refusal() };
  }
  if (wire === "raw") {
    return {
      "200": { description: "OK", content: { "application/json": { schema: spec.answer } } },
      default: { description: "See the summary" },
    };
  }
  return {
    "200": {
      description: "OK",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["HttpStatusCode", "Message", "Data"],
            properties: {
              HttpStatusCode: { type: "integer" },
              Message: { type: "string" },
              Data: spec.answer,
            },
          },
        },
      },
    },
    default: refusal(),
  };
}

function refusal(): Json {
  return {
    description: "A refusal: the real HTTP status, Code and Params",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Refusal" } } },
  };
}

function describe(schema: TSchema): string {
  return typeof schema.description === "string" ? schema.description : "see the schema";
}
