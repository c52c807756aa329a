/**
 * Online state derived from evidence, not only navigator.onLine (which says "online" on a captive
 * portal or a dead Wi-Fi): browser events start it, and every request that reached or failed to
 * reach the server corrects it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let online = typeof navigator === "undefined" ? true : navigator.onLine;

function set(next: boolean): void {
  if (next === online) return;
  online = next;
  for (const listener of listeners) listener();
}

export function isOnline(): boolean {
  return online;
}

export function subscribeOnline(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the transport after each request: did it reach the server? */
export function reportReachability(reached: boolean): void {
  set(reached);
}

export function startOnlineTracking(onBackOnline: () => void): () => void {
  const goOnline = () => {
    set(true);
    onBackOnline();
  };
  const goOffline = () => set(false);
  window.addEventListener("online", goOnline);
  window.addEventListener("offline", goOffline);
  return () => {
    window.removeEventListener("online", goOnline);
    window.removeEventListener("offline", goOffline);
  };
}
