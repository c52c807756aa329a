/**
 * A small synchronous copy of what the last-seen screens read from IndexedDB (localStorage), so an
 * offline start paints them at once instead of waiting for IndexedDB to open and answer. It is
 * only ever a copy: a live query with a snapshot key writes what IndexedDB answered here, and its
 * answer replaces the copy on screen as soon as it comes (src/db/live-store.ts).
 *
 * Rules: a snapshot belongs to one user and one schema. It is cleared on sign-out and when
 * another user signs in (session.ts), and a stored snapshot of another user, an older schema or
 * an unreadable one is ignored and removed — another user never sees it.
 */
export const SNAPSHOT_STORAGE_KEY = "quanta:screen-snapshot";
/**
 * The last-seen screen's HTML (src/features/shell/screen-html-snapshot.ts writes it,
 * public/paint-snapshot.js paints it before any module runs). Kept here so it is cleared with the
 * value copies: it shows the same user's data.
 */
export const SCREEN_HTML_STORAGE_KEY = "quanta:screen-html";
/**
 * Bump when the shape of a snapshotted value changes (a row type of src/db, a query's answer):
 * snapshots written by older app versions are then ignored instead of painted.
 */
export const SNAPSHOT_SCHEMA = 1;
/** Larger answers are not copied: the snapshot must stay cheap to read on every start. */
const MAX_VALUE_CHARS = 16_000;

interface StoredSnapshot {
  schema: number;
  userId: string;
  values: Record<string, unknown>;
}

/** The parsed snapshot of this page, read from storage once (null: none usable). */
let cache: { raw: string | null; snapshot: StoredSnapshot | null } | undefined;

function parse(raw: string | null): StoredSnapshot | null {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { schema, userId, values } = parsed as Partial<StoredSnapshot>;
    if (schema !== SNAPSHOT_SCHEMA || typeof userId !== "string" || userId === "") return null;
    if (typeof values !== "object" || values === null || Array.isArray(values)) return null;
    return { schema, userId, values };
  } catch {
    return null;
  }
}

function load(): StoredSnapshot | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SNAPSHOT_STORAGE_KEY);
  } catch {
    // Storage can be blocked: no snapshot, the screens wait for IndexedDB as before.
    return null;
  }
  if (cache?.raw !== raw) {
    const snapshot = parse(raw);
    // Unusable (older schema, corrupt): removed so it is not parsed again on every start.
    if (snapshot === null && raw !== null) remove();
    cache = { raw: snapshot === null ? null : raw, snapshot };
  }
  return cache.snapshot;
}

function remove(): void {
  try {
    localStorage.removeItem(SNAPSHOT_STORAGE_KEY);
  } catch {
    // Nothing stored that could be read either.
  }
  cache = { raw: null, snapshot: null };
}

/** The copy of `key` for `userId`; undefined when there is none or it is another user's. */
export function readSnapshot(userId: string | null, key: string): { value: unknown } | undefined {
  if (userId === null) return undefined;
  const snapshot = load();
  if (snapshot === null || !(key in snapshot.values)) return undefined;
  if (snapshot.userId !== userId) {
    remove();
    return undefined;
  }
  return { value: snapshot.values[key] };
}

/**
 * Copies what IndexedDB answered for `key` (undefined: it holds nothing, the copy goes too).
 * Another user's snapshot is replaced, never merged into.
 */
export function writeSnapshot(userId: string | null, key: string, value: unknown): void {
  if (userId === null) return;
  const current = load();
  const kept = current !== null && current.userId === userId ? current.values : {};
  const json = value === undefined ? undefined : JSON.stringify(value);
  let values: Record<string, unknown>;
  if (json === undefined || json.length > MAX_VALUE_CHARS) {
    if (!(key in kept)) return;
    values = Object.fromEntries(Object.entries(kept).filter(([k]) => k !== key));
  } else {
    if (key in kept && JSON.stringify(kept[key]) === json) return;
    values = { ...kept, [key]: JSON.parse(json) as unknown };
  }
  const raw = JSON.stringify({ schema: SNAPSHOT_SCHEMA, userId, values } satisfies StoredSnapshot);
  try {
    localStorage.setItem(SNAPSHOT_STORAGE_KEY, raw);
    cache = { raw, snapshot: { schema: SNAPSHOT_SCHEMA, userId, values } };
  } catch {
    // Full or blocked: no copy, and none of the old one either (it would go stale).
    remove();
  }
}

/** Sign-out, token reset, another user: no copy of anyone's screens is left. */
export function clearSnapshot(): void {
  remove();
  try {
    localStorage.removeItem(SCREEN_HTML_STORAGE_KEY);
  } catch {
    // Blocked storage holds no copy to paint either.
  }
}
