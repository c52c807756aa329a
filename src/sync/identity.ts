import type { IdentityView, IdType } from "../../protocol";
import { createIdentity, getIdentity } from "../api/identity";
import { uploadFile } from "../api/storage";
import { saveIdentity } from "../db/identity";
import { getSessionUserId } from "../db/session";
import { isOnline } from "./online";

/**
 * Identity verification commands. Submission is online-only for now (a later issue moves it to
 * the outbox): the screen disables it offline and says why.
 */
export class OfflineError extends Error {
  override name = "OfflineError";
}

export interface IdentityForm {
  name: string;
  idNumber: string;
  idType: IdType;
  /** The compressed photo (JPEG). */
  photo: Blob;
}

function toRow(identity: IdentityView) {
  return {
    status: identity.status,
    name: identity.name,
    idNumber: identity.idNumber,
    idType: identity.idType,
    submittedAt: identity.submittedAt,
    reviewedAt: identity.reviewedAt ?? null,
    reason: identity.reason ?? null,
  };
}

/** Pulls the user's latest submission into IndexedDB; quiet, the screen shows what it has. */
export async function refreshIdentity(): Promise<void> {
  const userId = getSessionUserId();
  if (userId === null) return;
  const identity = await getIdentity({ quiet: true });
  // Signed out (or in as someone else) meanwhile: do not store another user's data.
  if (getSessionUserId() !== userId) return;
  await saveIdentity(userId, identity === null ? null : toRow(identity));
}

/** Uploads the photo, submits the form, and stores the new "under review" state. */
export async function submitIdentity(form: IdentityForm): Promise<void> {
  const userId = getSessionUserId();
  if (userId === null) throw new Error("Submitting identity needs a signed-in user.");
  if (!isOnline()) throw new OfflineError("Identity submission needs a connection.");
  const upload = await uploadFile(form.photo, "identity.jpg", "identity");
  const identity = await createIdentity(
    { name: form.name, idNumber: form.idNumber, idType: form.idType, photo: upload.id },
    // One key per submission, so the later outbox can retry it safely (DESIGN §3).
    newIdempotencyKey(),
  );
  await saveIdentity(userId, toRow(identity));
}

/** 128 random bits as hex; crypto.randomUUID exists only in secure contexts (not http on a LAN). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
