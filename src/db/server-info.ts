import type { Health } from "../../protocol";

/**
 * What the app last learned about its server (mode and version), kept so the demo label shows
 * offline too. Later issues move it into IndexedDB with the system settings.
 */
const KEY = "quanta.server";

export interface ServerInfo {
  mode: Health["mode"];
  version: string;
  checkedAt: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: ServerInfo | null | undefined;

function parse(raw: string | null): ServerInfo | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<ServerInfo>;
    if (
      (value.mode === "demo" || value.mode === "production") &&
      typeof value.version === "string"
    ) {
      return { mode: value.mode, version: value.version, checkedAt: String(value.checkedAt ?? "") };
    }
  } catch {
    // A corrupt entry is the same as none; the next probe rewrites it.
  }
  return null;
}

export function getServerInfo(): ServerInfo | null {
  if (cached === undefined) cached = parse(localStorage.getItem(KEY));
  return cached;
}

export function saveServerInfo(info: ServerInfo): void {
  cached = info;
  localStorage.setItem(KEY, JSON.stringify(info));
  for (const listener of listeners) listener();
}

export function subscribeServerInfo(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
