// Credit level (DESIGN §6): 0 unverified, 1 verified, then 2/3/4 at weighted scores 300/600/850.
// Levels above 1 need verification too: a score alone never lifts an unverified account.
import type { Profile } from "../../../protocol/account";

export function creditLevel(verified: boolean, weightedScore: number): Profile["creditLevel"] {
  if (!verified) return 0;
  if (weightedScore >= 850) return 4;
  if (weightedScore >= 600) return 3;
  if (weightedScore >= 300) return 2;
  return 1;
}
