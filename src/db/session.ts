import { clearSnapshot } from "./screen-snapshot";

/**
 * The signed-in session, under the localStorage keys the seed fixed: token, name, avatar, info.
 * Reading is strict: an unreadable session is an error the route guard reports, never a silent
 * half-signed-in state.
 */
export const SESSION_KEYS = {
  token: "token",
  name: "name",
  avatar: "avatar",
  info: "info",
} as const;

export interface Session {
  token: string;
  name: string | null;
  avatar: string | null;
  info: Record<string, unknown> | null;
}

export class SessionReadError extends Error {
  override name = "SessionReadError";
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Subscribe to sign-in and sign-out in this tab and in other tabs. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) listener();
  };
  // No window outside a page (the sync layer's tests run in Node against the real server).
  const page = typeof window === "undefined" ? null : window;
  page?.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    page?.removeEventListener("storage", onStorage);
  };
}

export function getToken(): string | null {
  const token = localStorage.getItem(SESSION_KEYS.token);
  return token && token.trim() !== "" ? token : null;
}

/** The stored session, or null when signed out. Throws SessionReadError when it is corrupt. */
export function readSession(): Session | null {
  const token = getToken();
  if (token === null) return null;
  const rawInfo = localStorage.getItem(SESSION_KEYS.info);
  let info: Record<string, unknown> | null = null;
  if (rawInfo !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawInfo);
    } catch {
      throw new SessionReadError("The stored session is unreadable. Please sign in again.");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new SessionReadError("The stored session is unreadable. Please sign in again.");
    }
    info = parsed as Record<string, unknown>;
  }
  return {
    token,
    name: localStorage.getItem(SESSION_KEYS.name),
    avatar: localStorage.getItem(SESSION_KEYS.avatar),
    info,
  };
}

/** Writes the whole session; a null field removes its key, so a refresh never keeps stale data. */
export function saveSession(session: Session): void {
  // Another user's session replaces this one: no copy of the previous user's screens may remain.
  const previous = getSessionUserId();
  const next = session.info?.["id"];
  if (previous !== null && previous !== next) clearSnapshot();
  localStorage.setItem(SESSION_KEYS.token, session.token);
  setOrRemove(SESSION_KEYS.name, session.name);
  setOrRemove(SESSION_KEYS.avatar, session.avatar);
  setOrRemove(SESSION_KEYS.info, session.info === null ? null : JSON.stringify(session.info));
  notify();
}

function setOrRemove(key: string, value: string | null): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

/** The signed-in user's id from the stored profile (`info.id`), or null; never throws. */
export function getSessionUserId(): string | null {
  try {
    const id = readSession()?.info?.["id"];
    return typeof id === "string" && id !== "" ? id : null;
  } catch {
    // A corrupt session has no user; the route guard reports it on the next navigation.
    return null;
  }
}

/** Sign-out and token reset: removes every session key. */
export function clearSession(): void {
  clearSnapshot();
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  notify();
}
