/** Every list answer (API.md "Lists"): `?cursor=&limit=` → one page and the next cursor. */
export interface ListPage<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
