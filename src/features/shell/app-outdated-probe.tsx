// Reports whether the account's change log stopped at an entity this version cannot read (the flag
// lives in IndexedDB). Loaded lazily by the app frame so that Dexie stays out of the entry chunk:
// the notice it feeds matters only after a sync, never for the first paint.
import { useEffect } from "react";
import { useAppOutdated } from "../../db/sync-state";

export default function AppOutdatedProbe(props: { onChange: (outdated: boolean) => void }) {
  const outdated = useAppOutdated();
  const { onChange } = props;
  useEffect(() => onChange(outdated), [outdated, onChange]);
  return null;
}
