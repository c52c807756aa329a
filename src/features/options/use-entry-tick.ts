// An option's entry tick: the stored one once it settled; while it is open, the first recorded
// tick after its acceptance as the public tick record shows it (the server stores the entry only
// at settlement), asked every few seconds until one is recorded. Offline it stays unknown.
import { useEffect, useState } from "react";
import type { OptionsOrder, OptionTick } from "../../../protocol/options";
import { readEntryTick } from "../../sync/options-commands";

const ASK_EVERY_MS = 2_000;
/** After expiry without an entry the order is void or about to settle: stop asking. */
const GIVE_UP_AFTER_EXPIRY_MS = 15_000;

export function useEntryTick(order: OptionsOrder | null): OptionTick | null {
  const [found, setFound] = useState<{ id: string; tick: OptionTick } | null>(null);
  const id = order?.id ?? null;
  const open = order !== null && order.result === null;
  const symbol = order?.symbol ?? "";
  const time = order?.time ?? "";
  const expiresAt = order?.expiresAt ?? "";

  useEffect(() => {
    if (!open || id === null) return;
    let stopped = false;
    let timer: number | undefined;
    const ask = async () => {
      const tick = await readEntryTick({ symbol, time, expiresAt });
      if (stopped) return;
      if (tick !== null) {
        setFound({ id, tick });
        return;
      }
      if (Date.now() < Date.parse(expiresAt) + GIVE_UP_AFTER_EXPIRY_MS) {
        timer = window.setTimeout(() => void ask(), ASK_EVERY_MS);
      }
    };
    // The entry is a tick after acceptance: none can be recorded before then.
    const wait = Math.max(0, Date.parse(time) - Date.now()) + 500;
    timer = window.setTimeout(() => void ask(), wait);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [open, id, symbol, time, expiresAt]);

  if (order === null) return null;
  if (order.entryTick !== null) return order.entryTick;
  return found !== null && found.id === order.id ? found.tick : null;
}
