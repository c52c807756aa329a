// Identity submission helpers for server tests.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { API_BASE } from "../../../protocol/paths";
import { pngImage } from "./images";
import { bearer } from "./sessions";
import { uploadImage } from "./uploads";

export function postIdentity(
  app: FastifyInstance,
  session: { token: string },
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `${API_BASE}/profile/identity/create`,
    headers: { ...bearer(session), ...headers },
    payload: body as object,
  });
}

export function getIdentity(
  app: FastifyInstance,
  session: { token: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "GET",
    url: `${API_BASE}/profile/identity`,
    headers: bearer(session),
  });
}

/** A valid submission body with a freshly uploaded identity photo of this user. */
export async function identityBody(app: FastifyInstance, session: { token: string }) {
  const photo = await uploadImage(app, session, await pngImage(), "identity");
  return { name: "Ada Lovelace", idNumber: "AB1234567", idType: 1, photo: photo.id };
}

export function operatorPost(
  app: FastifyInstance,
  operator: { token: string },
  url: string,
  body?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `${API_BASE}/admin${url}`,
    headers: bearer(operator),
    ...(body === undefined ? {} : { payload: body }),
  });
}
