// The rows of database v11: what /my and /invite show that the change log does not carry, stored
// as their GETs answer for the signed-in user, with when each was read (so a screen can say how
// old an offline figure is).
import type { Static } from "@sinclair/typebox";
import type { AssetsSummaryAnswer } from "../../protocol/endpoints/assets";
import type { InviteAnswer } from "../../protocol/endpoints/invite";
import type { ScoreAnswer } from "../../protocol/endpoints/profile";

interface ReadFor {
  userId: string;
  /** When it was read (ISO-8601). */
  readAt: string;
}

/** GET /profile/score as last pulled. */
export interface WeightedScoreRow extends Static<typeof ScoreAnswer>, ReadFor {}

/** GET /assets/summary (30 days) as last pulled. */
export interface AssetsSummaryRow extends Static<typeof AssetsSummaryAnswer>, ReadFor {}

/** GET /invite as last pulled. */
export interface InviteRow extends Static<typeof InviteAnswer>, ReadFor {}
