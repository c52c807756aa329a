// /auth: wallet sign-in (SIWE), operator password sign-in and logout. Limits are generous for
// real clients and small enough that no body can make a handler do expensive work.
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import { AddressParams, Nothing } from "./common";
import { endpoint } from "./endpoint";

const AUTH = `${API_BASE}/auth`;
/** The session token: opaque, send it as `Authorization: Bearer <token>`. */
const Token = Type.String({ description: "the session token" });

export const WalletCheckAnswer = Type.Object({
  nonce: Type.String(),
  registered: Type.Boolean({ description: "whether this address already has an account" }),
});

export const WalletSignInBody = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: 4096 }),
    // 65-byte EOA signature (r, s, v). Contract-wallet signatures (ERC-1271) are not supported.
    signature: Type.String({ pattern: "^0x[0-9a-fA-F]{130}$" }),
    inviteCode: Type.Optional(
      Type.Unsafe<string | null>({ type: ["string", "null"], maxLength: 64 }),
    ),
  },
  { additionalProperties: false },
);

export const PasswordSignInBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const authEndpoints = {
  walletCheck: endpoint({
    method: "POST",
    path: `${AUTH}/check/:address`,
    summary: "A single-use sign-in nonce for the address, valid 10 minutes",
    access: "public",
    params: AddressParams,
    answer: WalletCheckAnswer,
  }),
  walletSignIn: endpoint({
    method: "POST",
    path: `${AUTH}/signin-wallet`,
    summary: "Wallet sign-in with an EIP-4361 message and its signature",
    access: "public",
    body: WalletSignInBody,
    answer: Token,
  }),
  passwordSignIn: endpoint({
    method: "POST",
    path: `${AUTH}/signin`,
    summary:
      "Operator sign-in with username and password: a session in stage enrol or verify (see /admin/session)",
    access: "public",
    body: PasswordSignInBody,
    answer: Token,
  }),
  logout: endpoint({
    method: "POST",
    path: `${AUTH}/logout`,
    summary: "Ends the session (a user's or an operator's): the token stops working",
    access: "signed-in",
    answer: Nothing,
  }),
};
