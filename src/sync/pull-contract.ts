// The contract terms (GET /contract/config, public): leverages, fee and maintenance margin rates,
// symbols and the minimum value. Configuration that changes rarely, so the public pull fetches
// it when missing or older than CONTRACT_CONFIG_MAX_AGE_MS; a refused order asks again at once
// (the terms may have changed). A failed read keeps the stored row and never fails the pull:
// the screen says when none was ever read.
import { getContractConfig } from "../api/contract";
import { readContractConfig, saveContractConfig } from "../db/contract-data";

/** Like the spot terms and the options products: 10 minutes. */
export const CONTRACT_CONFIG_MAX_AGE_MS = 10 * 60_000;

export async function pullContractConfig(
  options: { now?: number; force?: boolean } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const stored = await readContractConfig();
  const fresh =
    stored !== undefined && now - Date.parse(stored.readAt) < CONTRACT_CONFIG_MAX_AGE_MS;
  if (fresh && options.force !== true) return;
  let config;
  try {
    config = await getContractConfig({ quiet: true });
  } catch {
    return;
  }
  await saveContractConfig(config, new Date(now).toISOString());
}
