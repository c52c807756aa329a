// One outbox entry by its id (the Idempotency-Key a command answered with), whoever it belongs
// to: a public command (the e-mail subscription) may be saved before the profile is known, with
// no user, and the screen that saved it must still show its state.
import { useMemo } from "react";
import { database, type OutboxRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export function useOutboxEntry(id: string | null): LiveResult<OutboxRow | undefined> {
  const store = useMemo(
    () => liveStore(() => (id === null ? undefined : database().outbox.get(id))),
    [id],
  );
  return useLiveStore(store);
}
