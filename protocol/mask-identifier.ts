// The seed's masking rule for another person's identifier (an address, an invite code…): the
// first 2 and last 2 characters of what follows "0x", joined by "…" ("0x12…ab"). Operators' lists,
// the CLI's listings (unless --full) and invitee lists use it; a user's own address may be shown
// longer. One rule, one place: src/ and server/ both import it.

/** "0x1234…abcd" -> "0x12…cd"; without "0x": "ab…yz". 4 or fewer characters: "…" alone. */
export function maskIdentifier(identifier: string): string {
  const prefix = /^0x/i.test(identifier) ? identifier.slice(0, 2) : "";
  const rest = identifier.slice(prefix.length);
  if (rest.length <= 4) return `${prefix}…`;
  return `${prefix}${rest.slice(0, 2)}…${rest.slice(-2)}`;
}
