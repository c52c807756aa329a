/** Search params of screens addressed by an id (`?id=`); anything else is dropped. */
export interface IdSearch {
  id?: string;
}

export function validateIdSearch(search: Record<string, unknown>): IdSearch {
  const id = search.id;
  if (typeof id === "string" && /^[\w-]{1,64}$/.test(id)) return { id };
  if (typeof id === "number" && Number.isSafeInteger(id)) return { id: String(id) };
  return {};
}
