// The invite page's data (API.md GET /invite, protocol/endpoints/invite.ts): the user's code and
// link, their invitees (masked by the server) and the rewards. Read by src/sync/pull-invite.ts.
import type { Static } from "@sinclair/typebox";
import type { InviteAnswer } from "../../protocol/endpoints/invite";
import { call } from "./call";

export type Invite = Static<typeof InviteAnswer>;

/** GET /invite */
export function getInvite(opts: { quiet?: boolean } = {}): Promise<Invite> {
  return call("GET /invite", opts);
}
