// Read hook over the service-status rows (GET /system/status), in the server's display order.
import { useMemo } from "react";
import { database, type StatusRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { StatusRow };

export function useServiceStatus(): LiveResult<StatusRow[]> {
  const store = useMemo(
    () =>
      liveStore(async () =>
        (await database().status.toArray()).sort((a, b) => a.position - b.position),
      ),
    [],
  );
  return useLiveStore(store);
}
