import { useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { CHUNK_LOAD_TIMEOUT_MS, watchPreloadErrors, type LoadErrorKind } from "./load-errors";

/** Turns a navigation stuck for 120 s, or a failed preload, into a load error to show. */
export function useLoadWatchdog(): LoadErrorKind | null {
  const [failure, setFailure] = useState<LoadErrorKind | null>(null);
  const pending = useRouterState({ select: (state) => state.status === "pending" });

  useEffect(() => watchPreloadErrors(setFailure), []);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setFailure("chunk"), CHUNK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  return failure;
}
