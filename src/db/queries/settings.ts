// Read hooks over the operator's content settings (GET /system/system, one row per language and
// alias). Screens read these; src/sync writes them.
import { useMemo } from "react";
import type { Lang, SettingAlias, SettingDatasets } from "../../../protocol";
import { database } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";
import { getWithFallback } from "./lang-fallback";

/** The settings a first screen shows as its first content: copied for an instant start. */
const SNAPSHOTTED: ReadonlySet<SettingAlias> = new Set<SettingAlias>(["pitch"]);

function snapshotOf(alias: SettingAlias, lang: Lang): { snapshot?: string } {
  return SNAPSHOTTED.has(alias) ? { snapshot: `setting:${lang}:${alias}` } : {};
}

/** The dataset of one setting alias in `lang` (or English); undefined until it was pulled. */
export function useSetting<A extends SettingAlias>(
  lang: Lang,
  alias: A,
): LiveResult<SettingDatasets[A] | undefined> {
  const store = useMemo(
    () =>
      liveStore(
        async () => {
          const row = await getWithFallback(lang, (l) => database().systemSettings.get([l, alias]));
          // The table is keyed by alias, so the row's dataset is that alias's shape.
          return row?.alias === alias ? (row.dataset as SettingDatasets[A]) : undefined;
        },
        snapshotOf(alias, lang),
      ),
    [lang, alias],
  );
  return useLiveStore(store);
}
