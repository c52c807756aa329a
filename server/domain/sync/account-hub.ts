// Fans the change log's notifications out to the open account sockets of this process. One Db
// listener serves every connection (not one per socket: that would cost a connection each on
// PostgreSQL); it starts with the first subscriber and stops with the app.
import type { Db } from "../../db/db";
import {
  CHANGE_CHANNEL,
  changeHead,
  changeHeads,
} from "../../db/repositories/change-log-repository";

/** Receives the user's new head (a seq, as text) after each committed append. */
export type HeadListener = (head: string) => void;

export interface AccountHubLog {
  warn(obj: object, message: string): void;
}

const PAYLOAD = /^([1-9][0-9]{0,17}):([1-9][0-9]{0,17})$/;

export class AccountHub {
  readonly #db: Db;
  readonly #log: AccountHubLog;
  readonly #listeners = new Map<string, Set<HeadListener>>();
  #started: Promise<() => Promise<void>> | null = null;
  #stopped = false;

  constructor(db: Db, log: AccountHubLog) {
    this.#db = db;
    this.#log = log;
  }

  /**
   * Calls `listener` with the user's head after every committed append, from the moment this
   * resolves; the result unsubscribes. Read the head only after this resolves and nothing can
   * fall between the read and the first notification.
   */
  async subscribe(userId: string, listener: HeadListener): Promise<() => void> {
    let set = this.#listeners.get(userId);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(userId, set);
    }
    set.add(listener);
    const unsubscribe = () => {
      const current = this.#listeners.get(userId);
      if (current?.delete(listener) && current.size === 0) this.#listeners.delete(userId);
    };
    try {
      await this.#start();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  /** The user's newest seq ("0" before the first entry). */
  async head(userId: string): Promise<string> {
    return (await changeHead(this.#db, userId)) ?? "0";
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#listeners.clear();
    const started = this.#started;
    this.#started = null;
    const unlisten = await started?.catch(() => null);
    await unlisten?.().catch(() => undefined);
  }

  #start(): Promise<() => Promise<void>> {
    if (this.#stopped) return Promise.reject(new Error("The account hub has stopped"));
    this.#started ??= this.#db
      .listen(CHANGE_CHANNEL, (payload) => this.#onPayload(payload), {
        onReconnect: () => void this.#catchUp(),
      })
      .catch((err: unknown) => {
        // Let the next subscriber try again instead of remembering the failure forever.
        this.#started = null;
        throw err;
      });
    return this.#started;
  }

  #onPayload(payload: string): void {
    const match = PAYLOAD.exec(payload);
    if (match === null) {
      this.#log.warn({ payload }, "ignored a malformed change notification");
      return;
    }
    const [, userId = "", head = ""] = match;
    this.#deliver(userId, head);
  }

  /** Notifications sent while the listening connection was down are lost: re-read every
   * subscribed user's head and pass it on (a listener ignores a head it has already seen). */
  async #catchUp(): Promise<void> {
    const userIds = [...this.#listeners.keys()];
    try {
      const heads = await changeHeads(this.#db, userIds);
      for (const [userId, head] of heads) this.#deliver(userId, head);
    } catch (err) {
      this.#log.warn({ err }, "could not re-read change log heads after reconnecting");
    }
  }

  #deliver(userId: string, head: string): void {
    for (const listener of this.#listeners.get(userId) ?? []) {
      try {
        listener(head);
      } catch (err) {
        this.#log.warn({ err, userId }, "an account socket failed to take a poke");
      }
    }
  }
}
