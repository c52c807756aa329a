// Masks identifiers (wallet addresses, ID numbers, invitee addresses) for display: the product
// rule keeps the first 2 and last 2 characters (DESIGN.md section 7).
import { badInteger } from "./errors";
import { graphemes } from "./graphemes";

/** How many mask characters replace the hidden middle, whatever its length. */
export const MASK_LENGTH = 4;

/**
 * "0x1234abcd" -> "0x****cd". The middle always becomes MASK_LENGTH mask characters: a 42-character
 * address stays short, and the masked text does not reveal the length of an ID number (which can
 * tell its type). A string of 2 * keep characters or fewer would show everything, so it becomes
 * the mask alone ("abcd" -> "****"); "" stays "". Counts user-perceived characters, so a name in
 * emoji or Thai is never cut through a character.
 */
export function maskMiddle(s: string, keep = 2, maskChar = "*"): string {
  if (!Number.isInteger(keep) || keep < 0) throw badInteger("keep", keep, 0, Infinity);
  if (s === "") return "";
  const chars = graphemes(s);
  const mask = maskChar.repeat(MASK_LENGTH);
  if (chars.length <= 2 * keep || keep === 0) return mask;
  return chars.slice(0, keep).join("") + mask + chars.slice(-keep).join("");
}
