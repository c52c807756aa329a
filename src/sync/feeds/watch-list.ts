// Who in this tab watches which topic of one socket: counts per topic, most recent last. The
// socket shows one topic at a time — the most recently watched one still watched ("last watcher
// wins"): two charts of different symbols on one screen would share the socket and the earlier
// one would stop updating, which no screen does today.

interface Entry<Topic> {
  key: string;
  topic: Topic;
  count: number;
}

export class WatchList<Topic> {
  private readonly entries: Entry<Topic>[] = [];

  /** One more watcher of `topic`; it becomes the current one. */
  add(key: string, topic: Topic): void {
    const index = this.entries.findIndex((entry) => entry.key === key);
    const entry = index >= 0 ? this.entries.splice(index, 1)[0] : undefined;
    this.entries.push(entry ? { ...entry, count: entry.count + 1 } : { key, topic, count: 1 });
  }

  /** One watcher fewer; true when it was the topic's last. */
  remove(key: string): boolean {
    const index = this.entries.findIndex((entry) => entry.key === key);
    const entry = this.entries[index];
    if (entry === undefined) return false;
    entry.count -= 1;
    if (entry.count > 0) return false;
    this.entries.splice(index, 1);
    return true;
  }

  /** The topic the socket should show, or null when nobody watches. */
  current(): Topic | null {
    return this.entries.at(-1)?.topic ?? null;
  }
}
