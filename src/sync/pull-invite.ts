// The invite page's data (GET /invite) for /invite, stored in IndexedDB (database v11 `invites`)
// with every account pull, so the screen renders it offline. A failed read keeps what is stored
// and never fails the pull: the screen says how old what it shows is.
import { getInvite } from "../api/invite";
import { saveAccountExtra } from "../db/account-extras-data";

export async function pullInvite(userId: string): Promise<void> {
  try {
    await saveAccountExtra("invites", userId, await getInvite({ quiet: true }));
  } catch {
    // Kept: the stored page with its age.
  }
}
