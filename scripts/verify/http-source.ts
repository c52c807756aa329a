// The verifier's only door to a Quanta server: GET requests over plain HTTP (fetch), the
// envelope unwrapped (API.md "Conventions"). No server or app code: what it reads is exactly
// what any client of that server would read.
import type { Envelope } from "../../protocol/envelope";
import type { MarketTick, TicksHead } from "../../protocol/market";
import type { OptionsOrder } from "../../protocol/options";
import type { TickSource } from "../../protocol/options-verify-ticks";
import { MAX_PAGE_SIZE } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";

export interface ServerAccess {
  /** The server's origin, e.g. http://127.0.0.1:8080 (API_BASE is added here). */
  base: string;
  token?: string;
}

export class HttpError extends Error {}

export async function getJson<T>(
  access: ServerAccess,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<T> {
  const url = new URL(`${API_BASE}${path}`, access.base);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: "application/json" };
  if (access.token !== undefined) headers.authorization = `Bearer ${access.token}`;
  const response = await fetch(url, { headers });
  const text = await response.text();
  let envelope: Partial<Envelope<T>>;
  try {
    envelope = JSON.parse(text) as Partial<Envelope<T>>;
  } catch {
    throw new HttpError(`GET ${url.pathname}: ${response.status}, not JSON`);
  }
  if (!response.ok || !("Data" in envelope)) {
    const why = envelope.Code === undefined ? "" : ` ${envelope.Code}: ${envelope.Message ?? ""}`;
    throw new HttpError(`GET ${url.pathname}${url.search}: ${response.status}${why}`);
  }
  return envelope.Data as T;
}

/** GET /market/ticks and /market/ticks/head of a server (public: no token sent). */
export function httpTickSource(access: ServerAccess): TickSource {
  const open = { base: access.base };
  return {
    ticks: (q) => getJson<MarketTick[]>(open, "/market/ticks", { ...q }),
    head: (symbol) => getJson<TicksHead>(open, "/market/ticks/head", { symbol }),
  };
}

interface OrdersPage {
  items: OptionsOrder[];
  nextCursor: string | null;
}

/** Every settled order of the token's user, newest first, through all pages. */
export async function settledOptionsOrders(access: ServerAccess): Promise<OptionsOrder[]> {
  const orders: OptionsOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await getJson<OrdersPage>(access, "/options/orders", {
      status: "done",
      cursor,
      limit: MAX_PAGE_SIZE,
    });
    orders.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return orders;
}
