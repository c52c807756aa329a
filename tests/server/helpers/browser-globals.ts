// The browser globals the app's data layer needs, for tests that run it in Node against
// the real server (jsdom cannot host the server: it replaces Node's URL). Import it first, as a
// side effect, together with "fake-indexeddb/auto".
import "fake-indexeddb/auto";

/** localStorage as the spec has it (string values, null for a missing key). */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

// No `window`: PGlite takes a defined window for a browser and looks for its files by URL.
const globals = globalThis as unknown as Record<string, unknown>;
globals["localStorage"] ??= new MemoryStorage();
