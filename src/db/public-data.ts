// Writers for the public datasets (settings, links, articles, service status), one language at a
// time. Each write replaces the language's whole set in one transaction together with the ETag it
// answers to and its freshness, and only if the stored tag is still the one the pull started
// from (compare-and-set): when the database was cleared meanwhile the write is refused and the
// pull starts over, so a 304 can never mark an emptied table fresh.
import Dexie, { type Table } from "dexie";
import type {
  Article,
  ArticleItem,
  Lang,
  LinkItem,
  SystemSettings,
  SystemStatus,
} from "../../protocol";
import { database, type ArticleRow, type QuantaDatabase } from "./database";
import { SYNC_KEYS, type PublicDataset } from "./sync-state";

/** One page of the article list as last pulled: where it starts and the ETag it answered. */
export interface ArticlePageTag {
  cursor: string | null;
  etag: string | null;
}

/** settings, links, status: one ETag (null when the server sent none); articles: page tags. */
export type DatasetTag = string | ArticlePageTag[] | null;

export async function readDatasetTag(dataset: PublicDataset, lang: Lang): Promise<DatasetTag> {
  const value = (await database().syncState.get(SYNC_KEYS.tag(dataset, lang)))?.value;
  if (typeof value === "string" || Array.isArray(value)) return value as DatasetTag;
  return null;
}

function sameTag(a: DatasetTag, b: DatasetTag): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface Commit {
  /** The tag the pull read before asking the server. */
  expected: DatasetTag;
  /** The tag to store with the new data; omitted when the data did not change (a 304). */
  next?: DatasetTag;
  /** Whether the dataset now counts as confirmed current (articles wait for their bodies). */
  fresh: boolean;
}

async function commitDataset(
  dataset: PublicDataset,
  lang: Lang,
  commit: Commit,
  tables: Table[],
  write: (db: QuantaDatabase) => Promise<void>,
): Promise<boolean> {
  const db = database();
  return db.transaction("rw", [db.syncState, ...tables], async () => {
    const current = (await db.syncState.get(SYNC_KEYS.tag(dataset, lang)))?.value ?? null;
    if (!sameTag(current as DatasetTag, commit.expected)) return false;
    await write(db);
    const now = new Date().toISOString();
    if (commit.next !== undefined) {
      await db.syncState.put({
        key: SYNC_KEYS.tag(dataset, lang),
        value: commit.next,
        updatedAt: now,
      });
    }
    if (commit.fresh) {
      await db.syncState.put({
        key: SYNC_KEYS.freshness(dataset, lang),
        value: now,
        updatedAt: now,
      });
    }
    return true;
  });
}

/** A 304 (or a finished article pull): the stored copy is current as of now. */
export function confirmDataset(
  dataset: PublicDataset,
  lang: Lang,
  expected: DatasetTag,
): Promise<boolean> {
  return commitDataset(dataset, lang, { expected, fresh: true }, [], async () => undefined);
}

function langRange(lang: Lang): [[Lang, typeof Dexie.minKey], [Lang, typeof Dexie.maxKey]] {
  return [
    [lang, Dexie.minKey],
    [lang, Dexie.maxKey],
  ];
}

export function saveSettings(
  lang: Lang,
  settings: SystemSettings,
  etag: string | null,
  expected: DatasetTag,
): Promise<boolean> {
  const db = database();
  const commit = { expected, next: etag, fresh: true };
  return commitDataset("settings", lang, commit, [db.systemSettings], async () => {
    await db.systemSettings
      .where("[lang+alias]")
      .between(...langRange(lang), true, true)
      .delete();
    await db.systemSettings.bulkPut(settings.content.map((item) => ({ ...item, lang })));
    const facts = { domain: settings.domain, country: settings.country, mode: settings.mode };
    const now = new Date().toISOString();
    await db.syncState.put({ key: SYNC_KEYS.systemFacts, value: facts, updatedAt: now });
  });
}

export function saveLinks(
  lang: Lang,
  links: LinkItem[],
  etag: string | null,
  expected: DatasetTag,
): Promise<boolean> {
  const db = database();
  const commit = { expected, next: etag, fresh: true };
  return commitDataset("links", lang, commit, [db.links], async () => {
    await db.links
      .where("[lang+id]")
      .between(...langRange(lang), true, true)
      .delete();
    await db.links.bulkPut(links.map((link, position) => ({ ...link, lang, position })));
  });
}

export function saveStatus(
  status: SystemStatus,
  etag: string | null,
  expected: DatasetTag,
): Promise<boolean> {
  const db = database();
  const commit = { expected, next: etag, fresh: true };
  // Status is the same in every language; "en" only names the (language-free) tag key.
  return commitDataset("status", "en", commit, [db.status], async () => {
    await db.status.clear();
    await db.status.bulkPut(
      status.services.map((service, position) => ({
        ...service,
        position,
        checkedAt: status.checkedAt,
      })),
    );
  });
}

/**
 * Replaces the language's article list. A body is kept while its article's `updatedAt` is
 * unchanged; otherwise it becomes null and the pull fetches it (articlesWithoutBody).
 */
export function saveArticleList(
  lang: Lang,
  items: ArticleItem[],
  pages: ArticlePageTag[],
  expected: DatasetTag,
): Promise<boolean> {
  const db = database();
  const commit = { expected, next: pages, fresh: false };
  return commitDataset("articles", lang, commit, [db.articles], async () => {
    const stored = await db.articles
      .where("[lang+id]")
      .between(...langRange(lang), true, true)
      .toArray();
    const byId = new Map(stored.map((row) => [row.id, row]));
    const keep = new Set(items.map((item) => item.id));
    const gone = stored.filter((row) => !keep.has(row.id)).map((row) => [lang, row.id]);
    await db.articles.bulkDelete(gone as [Lang, string][]);
    await db.articles.bulkPut(
      items.map((item, position): ArticleRow => {
        const old = byId.get(item.id);
        const body = old !== undefined && old.updatedAt === item.updatedAt ? old.body : null;
        return { ...item, lang, body, position };
      }),
    );
  });
}

/** Ids of the language's articles whose body this device does not hold (new or changed). */
export async function articlesWithoutBody(lang: Lang): Promise<string[]> {
  const rows = await database()
    .articles.where("[lang+id]")
    .between(...langRange(lang), true, true)
    .filter((row) => row.body === null)
    .toArray();
  return rows.map((row) => row.id);
}

/** Stores an article's body; ignored when the list no longer holds the article. */
export async function saveArticleBody(lang: Lang, article: Article): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.articles, async () => {
    const row = await db.articles.get([lang, article.id]);
    if (row === undefined) return false;
    await db.articles.put({ ...row, ...article, lang });
    return true;
  });
}
