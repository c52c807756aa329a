// GET /api/docs (OpenAPI 3.1, JSON) and GET /api/docs.html (the same, readable): generated from
// this contract. Under /api, so the app shell never answers them; outside /api/v1, since they
// describe the API rather than belong to it.
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import { endpoint } from "./endpoint";

const API_ROOT = `/${API_BASE.split("/")[1] ?? "api"}`;

export const docsEndpoints = {
  openApi: endpoint({
    method: "GET",
    path: `${API_ROOT}/docs`,
    summary: "This API as an OpenAPI 3.1 document (JSON)",
    access: "public",
    wire: "raw",
    answer: Type.Object({}, { description: "an OpenAPI 3.1 document" }),
  }),
  docsPage: endpoint({
    method: "GET",
    path: `${API_ROOT}/docs.html`,
    summary: "This API as a readable page: every endpoint, its inputs and its answer",
    access: "public",
    wire: "file",
    answer: Type.String({ description: "an HTML page" }),
  }),
};
