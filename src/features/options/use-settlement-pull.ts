// Once an open option has expired, its settlement normally arrives by the account socket's poke
// within a second or two. If the socket is down, nothing would ask: pull now and then until the
// change log brings the settled order.
import { useEffect } from "react";
import type { OptionsOrder } from "../../../protocol/options";
import { requestSync } from "../../sync/commands";

/** The settlement worker's first try follows the first tick after expiry: give it a moment. */
const FIRST_PULL_AFTER_EXPIRY_MS = 3_000;
const PULL_EVERY_MS = 10_000;

export function useSettlementPull(order: Pick<OptionsOrder, "id" | "expiresAt"> | null): void {
  const id = order?.id ?? null;
  const expiresAt = order?.expiresAt ?? null;
  useEffect(() => {
    if (id === null || expiresAt === null) return;
    let timer: number | undefined;
    const pull = () => {
      void requestSync();
      timer = window.setTimeout(pull, PULL_EVERY_MS);
    };
    const wait = Math.max(0, Date.parse(expiresAt) - Date.now()) + FIRST_PULL_AFTER_EXPIRY_MS;
    timer = window.setTimeout(pull, wait);
    return () => window.clearTimeout(timer);
  }, [id, expiresAt]);
}
