// Rate limits of /auth (the request schemas are the contract's, protocol/endpoints/auth.ts).

/** Per client address, on top of the app-wide limit: nonces are rows, and rows cost. */
export const WALLET_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
