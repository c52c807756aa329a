/** Every list answer (API.md "Lists"): `?cursor=&limit=` → one page and the next cursor. */
export interface ListPage<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** `limit` of a list when absent, and its largest value. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
