// The weighted score (GET /profile/score) into IndexedDB after every account pull: the server's
// score job records the profile in the change log whenever the score changes, and that poke is
// what brings this pull. A failed read keeps what is stored (the card says how old it is) and
// never fails the pull.
import { getWeightedScore } from "../api/profile";
import { saveAccountExtra } from "../db/account-extras-data";

export async function pullWeightedScore(userId: string): Promise<void> {
  try {
    await saveAccountExtra("weightedScores", userId, await getWeightedScore({ quiet: true }));
  } catch {
    // Kept: the card shows the stored score with when it was read.
  }
}
