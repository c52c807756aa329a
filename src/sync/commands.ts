// The commands screens call (besides sign-in/out in account.ts). Outbox commands check their
// input, save the entry in IndexedDB first and return — the screen shows the entry's state
// through useOutbox — then ask the leading tab to send it.
import { DEMO_CREDIT_MAX, IDENTITY_LIMITS, type IdType, type Lang } from "../../protocol";
import { compare, isDecimalString } from "../../protocol/decimal";
import { isMessageRead } from "../db/account-data";
import {
  deleteOutboxEntry,
  enqueueOutbox,
  requeueOutboxEntry,
  type OutboxCommandName,
  type OutboxPayloads,
} from "../db/outbox";
import { getSessionUserId } from "../db/session";
import { readSyncValue, setTabContentLang, SYNC_KEYS, writeContentLang } from "../db/sync-state";
import { normaliseEmail } from "../../protocol";
import { currentSyncEngine } from "./engine";
import { isOnline } from "./online";

// Market data on demand: screens watch a topic in a useEffect and read src/db's market hooks.
export { loadOlderCandles, watchMarket, type MarketTopic } from "./feeds";

/** The address is not one we can send to; nothing was stored. The screen says so. */
export class InvalidEmailError extends Error {
  override name = "InvalidEmailError";
}

/** The identity form is incomplete (the screen validates first; this is the last guard). */
export class InvalidIdentityError extends Error {
  override name = "InvalidIdentityError";
}

/** The command needs a signed-in user and there is none. */
export class SignedOutError extends Error {
  override name = "SignedOutError";
}

export interface IdentityForm {
  name: string;
  idNumber: string;
  idType: IdType;
  /** The compressed photo (JPEG). */
  photo: Blob;
}

/** The signed-in user's id; throws SignedOutError when there is none. */
export function signedInUser(): string {
  const userId = getSessionUserId();
  if (userId === null) throw new SignedOutError("This needs a signed-in user.");
  return userId;
}

/** Saves an outbox entry and asks the leading tab to send it; answers the entry's id. */
export async function enqueue<C extends OutboxCommandName>(
  userId: string | null,
  command: C,
  payload: OutboxPayloads[C],
  sameAs?: (existing: OutboxPayloads[C]) => boolean,
): Promise<string> {
  const { id, created } = await enqueueOutbox(userId, command, payload, sameAs);
  // The leader also notices the new row through its live query; asking saves the wait.
  if (created && isOnline()) void currentSyncEngine()?.flushOutbox();
  return id;
}

/** Subscribes an address to the newsletter through the outbox; answers the entry's id. */
export async function subscribeEmail(email: string): Promise<string> {
  const address = normaliseEmail(email);
  if (address === null) throw new InvalidEmailError("Not a valid e-mail address.");
  return enqueue(
    getSessionUserId(),
    "system.subscribe",
    { email: address },
    (existing) => existing.email === address,
  );
}

/** Marks a message read (shown read at once; sent through the outbox). */
export async function markMessageRead(id: string): Promise<void> {
  const userId = signedInUser();
  if (id === "") throw new RangeError("A message id is required.");
  if (await isMessageRead(userId, id)) return;
  await enqueue(userId, "message.read", { id }, (existing) => existing.id === id);
}

/**
 * Submits the identity form through the outbox: the photo is kept in IndexedDB until the upload
 * and the submission went through, so it survives reloads and going offline.
 */
export async function submitIdentity(form: IdentityForm): Promise<void> {
  const userId = signedInUser();
  const name = form.name.trim();
  const idNumber = form.idNumber.trim();
  const valid =
    name !== "" &&
    name.length <= IDENTITY_LIMITS.nameMaxLength &&
    idNumber.length >= IDENTITY_LIMITS.idNumberMinLength &&
    idNumber.length <= IDENTITY_LIMITS.idNumberMaxLength &&
    [0, 1, 2, 3].includes(form.idType) &&
    form.photo instanceof Blob &&
    form.photo.size > 0;
  if (!valid) throw new InvalidIdentityError("The identity form is incomplete.");
  await enqueue(userId, "identity.submit", {
    name,
    idNumber,
    idType: form.idType,
    photo: form.photo,
    uploadId: null,
  });
}

/** Demo credit is a demo-mode feature only; the server refuses it in production as well. */
export class NotDemoModeError extends Error {
  override name = "NotDemoModeError";
}

/** What one "Get demo funds" adds (USDT). */
export const DEMO_CREDIT_AMOUNT = "1000";

/**
 * Asks for demo funds (bill 106) through the outbox. Only when the server said it runs in demo
 * mode; the amount is a positive decimal string of at most DEMO_CREDIT_MAX USDT.
 */
export async function requestDemoFunds(amount: string = DEMO_CREDIT_AMOUNT): Promise<string> {
  const userId = signedInUser();
  if (
    !isDecimalString(amount) ||
    compare(amount, "0") <= 0 ||
    compare(amount, DEMO_CREDIT_MAX) > 0
  ) {
    throw new RangeError(`A demo credit is more than 0 and at most ${DEMO_CREDIT_MAX} USDT.`);
  }
  const facts = await readSyncValue(SYNC_KEYS.systemFacts);
  const mode = typeof facts === "object" && facts !== null && "mode" in facts ? facts.mode : null;
  if (mode !== "demo") throw new NotDemoModeError("Demo funds exist only in demo mode.");
  return enqueue(userId, "wallet.demo-credit", { amount });
}

/** Sends a failed entry again (same Idempotency-Key). */
export async function retryOutboxEntry(id: string): Promise<void> {
  if (await requeueOutboxEntry(id)) void currentSyncEngine()?.flushOutbox({ force: true });
}

/** Drops an entry that is not being sent right now; false when it could not be dropped. */
export function discardOutboxEntry(id: string): Promise<boolean> {
  return deleteOutboxEntry(id);
}

/**
 * The language content is shown in: called on start and on every language switch. It is
 * remembered, and the sync pulls it at once.
 */
export async function setContentLanguage(lang: Lang): Promise<void> {
  const engine = currentSyncEngine();
  if (engine !== null) return engine.setLanguage(lang);
  setTabContentLang(lang);
  await writeContentLang(lang);
}

/** Pulls now (e.g. a screen's "refresh"); resolves when the pull is done (leader) or asked. */
export function requestSync(): Promise<void> {
  return currentSyncEngine()?.requestPull() ?? Promise.resolve();
}
