// The outbox's typed command map (after Actual Budget's handler map): a screen names a command
// and its payload; this map knows how each one travels. Every request carries the entry's id as
// its Idempotency-Key, so a retry after a lost answer is answered from the server's store.
import type { IdentityView } from "../../protocol";
import { createIdentity } from "../api/identity";
import { markMessageRead } from "../api/messages";
import { uploadFile } from "../api/storage";
import { subscribeEmail } from "../api/system";
import { createRecharge, createWithdrawal, requestDemoCredit } from "../api/wallet";
import { saveIdentity } from "../db/identity";
import {
  updateOutboxPayload,
  type OutboxCommandName,
  type OutboxEntry,
  type OutboxRow,
} from "../db/outbox";
import { getSessionUserId } from "../db/session";

type Sender<C extends OutboxCommandName> = (entry: OutboxEntry<C>) => Promise<void>;

/** A command that can never succeed as stored (e.g. its file is gone): fails without retrying. */
export class UnsendableCommandError extends Error {
  override name = "UnsendableCommandError";
}

const quiet = { quiet: true };

export function identityRow(identity: IdentityView) {
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

/** Two steps: the photo upload (once — its id is kept on the entry), then the submission. */
async function sendIdentity(entry: OutboxEntry<"identity.submit">): Promise<void> {
  const { payload } = entry;
  let uploadId = payload.uploadId;
  if (uploadId === null) {
    if (!(payload.photo instanceof Blob)) {
      throw new UnsendableCommandError("The photo of this submission is no longer on the device.");
    }
    uploadId = (await uploadFile(payload.photo, "identity.jpg", "identity", quiet)).id;
    await updateOutboxPayload(entry.id, { uploadId });
  }
  const identity = await createIdentity(
    { name: payload.name, idNumber: payload.idNumber, idType: payload.idType, photo: uploadId },
    entry.id,
    quiet,
  );
  // Shown at once; the change log brings the same state with the next pull.
  if (entry.userId !== null && getSessionUserId() === entry.userId) {
    await saveIdentity(entry.userId, identityRow(identity));
  }
}

/**
 * Like the identity photo: the voucher is uploaded once (its id kept on the entry), then the
 * recharge is posted with the entry id as Idempotency-Key. The recharge itself comes back through
 * the change log (PULL_AFTER).
 */
async function sendRecharge(entry: OutboxEntry<"wallet.recharge">): Promise<void> {
  const { payload } = entry;
  let uploadId = payload.uploadId;
  if (uploadId === null) {
    if (!(payload.voucher instanceof Blob)) {
      throw new UnsendableCommandError("The voucher of this recharge is no longer on the device.");
    }
    uploadId = (await uploadFile(payload.voucher, "voucher.jpg", "voucher", quiet)).id;
    await updateOutboxPayload(entry.id, { uploadId });
  }
  await createRecharge(
    {
      amount: payload.amount,
      voucher: uploadId,
      ...(payload.txHash === null ? {} : { txHash: payload.txHash }),
    },
    entry.id,
    quiet,
  );
}

export const OUTBOX_SENDERS: { [C in OutboxCommandName]: Sender<C> } = {
  "system.subscribe": (entry) => subscribeEmail(entry.payload.email, entry.id, quiet),
  "message.read": (entry) => markMessageRead(entry.payload.id, entry.id, quiet),
  "identity.submit": sendIdentity,
  // The bill comes back through the change log (PULL_AFTER), the new balance with the overview.
  "wallet.demo-credit": async (entry) => {
    await requestDemoCredit({ amount: entry.payload.amount }, entry.id, quiet);
  },
  "wallet.recharge": sendRecharge,
  // The withdrawal and its freeze (bill 201) come back through the change log.
  "wallet.withdraw": async (entry) => {
    const { amount, address } = entry.payload;
    await createWithdrawal({ amount, address }, entry.id, quiet);
  },
};

/** Commands whose effect comes back through the user's change log: pull once they are sent. */
export const PULL_AFTER: ReadonlySet<OutboxCommandName> = new Set([
  "identity.submit",
  "message.read",
  "wallet.demo-credit",
  "wallet.recharge",
  "wallet.withdraw",
]);

function isKnown(command: string): command is OutboxCommandName {
  return Object.hasOwn(OUTBOX_SENDERS, command);
}

/** Sends one stored entry with its command's sender. */
export function sendOutboxEntry(row: OutboxRow): Promise<void> {
  if (!isKnown(row.command)) {
    return Promise.reject(new UnsendableCommandError(`Unknown command ${row.command}`));
  }
  // The row's payload was stored by enqueue for this very command (src/sync/commands.ts).
  const sender = OUTBOX_SENDERS[row.command] as Sender<OutboxCommandName>;
  return sender(row as OutboxEntry);
}
