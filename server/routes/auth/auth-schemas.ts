// Request schemas for /auth. Limits are generous for real clients and small enough that no body
// can make a handler do expensive work (a SIWE message is a few hundred bytes).

export const checkParamsSchema = {
  type: "object",
  required: ["address"],
  properties: { address: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" } },
} as const;

export const walletSignInSchema = {
  type: "object",
  required: ["message", "signature"],
  additionalProperties: false,
  properties: {
    message: { type: "string", minLength: 1, maxLength: 4096 },
    // 65-byte EOA signature (r, s, v). Contract-wallet signatures (ERC-1271) are not supported.
    signature: { type: "string", pattern: "^0x[0-9a-fA-F]{130}$" },
    inviteCode: { type: ["string", "null"], maxLength: 64 },
  },
} as const;

export const passwordSignInSchema = {
  type: "object",
  required: ["username", "password"],
  additionalProperties: false,
  properties: {
    username: { type: "string", minLength: 1, maxLength: 64 },
    password: { type: "string", minLength: 1, maxLength: 1024 },
  },
} as const;

/** Per client address, on top of the app-wide limit: nonces are rows, and rows cost. */
export const WALLET_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
