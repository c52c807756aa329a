// Read hook over the operator's links (GET /system/link): live chat, messaging app, footer
// documents and the partner block, in the operator's order.
import { useMemo } from "react";
import Dexie from "dexie";
import type { Lang } from "../../../protocol";
import { database, type LinkRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";
import { readWithFallback } from "./lang-fallback";

export type { LinkRow };

async function readLinks(lang: Lang): Promise<LinkRow[]> {
  const rows = await database()
    .links.where("[lang+id]")
    .between([lang, Dexie.minKey], [lang, Dexie.maxKey])
    .toArray();
  return rows.sort((a, b) => a.position - b.position);
}

/** Every link in `lang` (or English when `lang` has none), in the operator's order. */
export function useLinks(lang: Lang): LiveResult<LinkRow[]> {
  const store = useMemo(
    () => liveStore(async () => (await readWithFallback(lang, readLinks)).rows),
    [lang],
  );
  return useLiveStore(store);
}
