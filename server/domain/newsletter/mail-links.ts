// The links every mail carries. Confirmation: a random token (256 bits) whose sha256 the
// subscription stores, so a database reader cannot confirm for someone. Unsubscribe: the address
// and an HMAC-SHA256 of it under the database's link key (migration 026), so the link works
// without a login or a stored token, for ever, and cannot be forged for another address.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { CONFIRM_PAGE_PATH, UNSUBSCRIBE_PAGE_PATH } from "../../../protocol/email";
import { API_BASE } from "../../../protocol/paths";

export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmToken(token) };
}

export function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function unsubscribeSignature(secret: string, email: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${email}`, "utf8").digest("base64url");
}

export function validUnsubscribeSignature(
  secret: string,
  email: string,
  signature: string,
): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Where links point: PUBLIC_ORIGIN, else this server on localhost (demo). */
export interface LinkBase {
  origin: string;
}

/** The app's confirmation page: it confirms only when its button is pressed (a POST). */
export function confirmLink(base: LinkBase, token: string): string {
  return `${base.origin}${CONFIRM_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The app's unsubscribe page, for people: it unsubscribes only when its button is pressed. */
export function unsubscribeLink(base: LinkBase, secret: string, email: string): string {
  return `${base.origin}${UNSUBSCRIBE_PAGE_PATH}?${unsubscribeQuery(secret, email)}`;
}

/**
 * The API's unsubscribe URL, for List-Unsubscribe: mail clients POST it (RFC 8058 one-click);
 * one that opens it instead is redirected to the page.
 */
export function oneClickUnsubscribeUrl(base: LinkBase, secret: string, email: string): string {
  return `${base.origin}${API_BASE}/system/unsubscribe?${unsubscribeQuery(secret, email)}`;
}

function unsubscribeQuery(secret: string, email: string): string {
  return `email=${encodeURIComponent(email)}&sig=${unsubscribeSignature(secret, email)}`;
}
