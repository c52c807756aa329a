// One online read for a console screen: loading, the answer or the failure, and a reload.
// Nothing is cached anywhere: the answer lives in this component's state and goes with it.
import { useCallback, useEffect, useState } from "react";

export interface Remote<T> {
  /** The last answer (kept on screen while a reload runs). */
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

interface Outcome<T> {
  /** The read this answers: `key` and the reload round. */
  id: string;
  data: T | null;
  error: unknown;
}

export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Remote<T> {
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const id = `${key}#${round}`;
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setOutcome({ id, data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setOutcome((last) => ({ id, data: last?.data ?? null, error }));
      },
    );
    return () => controller.abort();
    // `load` is a new function every render; `id` names what it reads and when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  const current = outcome?.id === id;
  return {
    data: outcome?.data ?? null,
    error: current ? outcome.error : null,
    loading: !current,
    reload,
  };
}
