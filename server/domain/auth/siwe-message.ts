// Sign-In with Ethereum (EIP-4361): everything about a signed message that can be checked without
// the database. viem parses and validates the format, but it does not compare the uri, the chain
// id or issued-at with anything — that is this server's job, and is done here.
import { verifyMessage, type Address } from "viem";
import {
  createSiweMessage,
  parseSiweMessage,
  SiweInvalidMessageFieldError,
  validateSiweMessage,
  type SiweMessage,
} from "viem/siwe";
import { SIWE_CLOCK_SKEW_SECONDS } from "../../../protocol/account";
import { DomainError } from "../errors";

/** Every sign-in failure is UNAUTHORIZED; the message says what was wrong. */
export class SignInRejected extends DomainError<"UNAUTHORIZED"> {
  override name = "SignInRejected";

  constructor(message: string) {
    super("UNAUTHORIZED", {}, message);
  }
}

export interface SiweExpectations {
  /** The origin the app is served from: PUBLIC_ORIGIN, or the request's protocol and Host. */
  origin: string;
  chainIds: readonly number[];
  now: Date;
}

export interface CheckedSiwe {
  /** EIP-55 checksummed. */
  address: Address;
  nonce: string;
}

const REQUIRED = ["domain", "address", "uri", "version", "chainId", "nonce", "issuedAt"] as const;
const DATE_LABELS = ["Issued At: ", "Expiration Time: ", "Not Before: "];

/** Echoed client text stays short, so an error message can never become a payload. */
const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** Checks the message's form, domain, uri, chain and times. Throws SignInRejected. */
export function checkSiweMessage(raw: string, expected: SiweExpectations): CheckedSiwe {
  const parsed = parseSiweMessage(raw);
  const missing = REQUIRED.filter((field) => parsed[field] === undefined || parsed[field] === "");
  if (missing.length > 0) {
    throw new SignInRejected(
      `The message is not an EIP-4361 sign-in message (missing: ${missing.join(", ")})`,
    );
  }
  for (const field of ["issuedAt", "expirationTime", "notBefore"] as const) {
    if (parsed[field] !== undefined && Number.isNaN(parsed[field].getTime())) {
      throw new SignInRejected(`The message's ${field} is not an RFC 3339 date-time`);
    }
  }
  // Every required field is present (checked above), so this is a whole message.
  const message = parsed as SiweMessage;
  assertCanonical(raw, message);

  const origin = new URL(expected.origin);
  const scheme = origin.protocol.slice(0, -1);
  if (message.scheme !== undefined && message.scheme.toLowerCase() !== scheme) {
    throw new SignInRejected(`The message is for scheme ${quote(message.scheme)}, not "${scheme}"`);
  }
  if (hostOf(scheme, message.domain) !== origin.host) {
    throw new SignInRejected(`The message is for ${quote(message.domain)}, not "${origin.host}"`);
  }
  if (originOf(message.uri) !== origin.origin) {
    throw new SignInRejected(`The message's URI ${quote(message.uri)} is not on ${origin.origin}`);
  }
  if (!expected.chainIds.includes(message.chainId)) {
    throw new SignInRejected(
      `Chain ID ${message.chainId} is not accepted here (accepted: ${expected.chainIds.join(", ")})`,
    );
  }
  checkTimes(message, expected.now);
  // Belt and braces: viem's own validation must agree with everything above.
  if (!validateSiweMessage({ message, domain: message.domain, time: expected.now })) {
    throw new SignInRejected("The message is not a valid EIP-4361 message");
  }
  return { address: message.address, nonce: message.nonce };
}

/**
 * Wallets show the signer the text, the server acts on the parsed fields: the two must be the same
 * message. viem's parser is lenient (unanchored, skips unknown lines), so the text must read back
 * exactly as viem writes those fields — except that any RFC 3339 spelling of a time is accepted.
 */
function assertCanonical(raw: string, fields: SiweMessage): void {
  let rebuilt: string;
  try {
    rebuilt = createSiweMessage(fields);
  } catch (error) {
    const field =
      error instanceof SiweInvalidMessageFieldError
        ? (/field "(\w+)"/.exec(error.shortMessage)?.[1] ?? "a field")
        : "a field";
    throw new SignInRejected(`The message's ${field} is not valid for EIP-4361`);
  }
  const rawLines = raw.split("\n");
  const lines = rebuilt.split("\n");
  if (rawLines.length !== lines.length) {
    throw new SignInRejected("The message has lines EIP-4361 does not allow");
  }
  lines.forEach((line, i) => {
    const rawLine = rawLines[i] ?? "";
    if (rawLine === line || sameTime(rawLine, line)) return;
    throw new SignInRejected(
      i === 1
        ? "The message's address is not EIP-55 checksummed"
        : `The message's line ${i + 1} is not in EIP-4361 form`,
    );
  });
}

function sameTime(rawLine: string, line: string): boolean {
  const label = DATE_LABELS.find((l) => line.startsWith(l));
  if (label === undefined || !rawLine.startsWith(label)) return false;
  return (
    new Date(rawLine.slice(label.length)).getTime() === new Date(line.slice(label.length)).getTime()
  );
}

function checkTimes(message: SiweMessage, now: Date): void {
  const skewMs = SIWE_CLOCK_SKEW_SECONDS * 1000;
  const issuedAt = message.issuedAt ?? now;
  if (issuedAt.getTime() > now.getTime() + skewMs) {
    throw new SignInRejected(
      `The message was issued in the future (${issuedAt.toISOString()}); check the device's clock`,
    );
  }
  if (message.expirationTime !== undefined && message.expirationTime <= now) {
    throw new SignInRejected(`The message expired at ${message.expirationTime.toISOString()}`);
  }
  if (message.notBefore !== undefined && message.notBefore > now) {
    throw new SignInRejected(`The message is not valid before ${message.notBefore.toISOString()}`);
  }
}

/** The authority as a browser would write it (lower case, default port dropped), or null. */
function hostOf(scheme: string, domain: string): string | null {
  try {
    return new URL(`${scheme}://${domain}`).host;
  } catch {
    return null;
  }
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/** Throws SignInRejected unless `signature` is the message's address signing `raw` (EIP-191). */
export async function checkSiweSignature(
  raw: string,
  signature: `0x${string}`,
  address: Address,
): Promise<void> {
  let valid: boolean;
  try {
    valid = await verifyMessage({ address, message: raw, signature });
  } catch {
    // A signature that is not even a curve point (bad v, r or s) is simply not valid.
    valid = false;
  }
  if (!valid) throw new SignInRejected(`The signature was not made by ${address}`);
}

/**
 * The origin sign-in messages must name: PUBLIC_ORIGIN when configured (production requires it),
 * else what the browser used to reach us, from the request's protocol and Host header.
 */
export function expectedOrigin(
  publicOrigin: string | null,
  protocol: string,
  host: string | undefined,
): string {
  if (publicOrigin !== null) return publicOrigin;
  const valid =
    host !== undefined &&
    /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host);
  const origin = valid ? originOf(`${protocol}://${host}`) : null;
  if (origin === null || origin === "null") {
    throw new SignInRejected("The request's Host header is not a valid host");
  }
  return origin;
}
