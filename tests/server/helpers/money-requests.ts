// Money requests against a real server over HTTP (fetch, not inject): demo credits with their
// Idempotency-Key, the user's bills page by page, the USDT balance. Each request comes from an
// address of its own (X-Forwarded-For, the server runs with TRUST_PROXY=true), so a burst of
// 1,000 tests the ledger, not the per-address rate limit.
import type { AssetsOverview, Bill } from "../../../protocol/ledger";
import type { ListPage } from "../../../protocol/list";
import { API_BASE } from "../../../protocol/paths";
import { formatUnits } from "../../../protocol/decimal";
import type { RealServer } from "./real-server";
import { freshIp } from "./siwe";

export interface CreditRequest {
  key: string;
  /** Wire amount (decimal string) and the same in units, distinct for every request. */
  amount: string;
  units: bigint;
}

/** `count` demo credits with unique keys and distinct small amounts (1.000000 + i·0.001001). */
export function creditRequests(count: number, prefix: string): CreditRequest[] {
  return Array.from({ length: count }, (_, i) => {
    const units = 1_000_000n + BigInt(i) * 1_001n;
    return { key: `${prefix}-${i}`, amount: formatUnits(units, 6), units };
  });
}

export type CreditAnswer = { status: 200; bill: Bill } | { status: number; body: string };

export async function sendCredit(
  server: RealServer,
  token: string,
  request: CreditRequest,
): Promise<CreditAnswer> {
  const response = await fetch(`${server.url}${API_BASE}/wallet/demo-credit`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": request.key,
      "x-forwarded-for": freshIp(),
    },
    body: JSON.stringify({ amount: request.amount }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  if (response.status !== 200) return { status: response.status, body };
  return { status: 200, bill: (JSON.parse(body) as { Data: Bill }).Data };
}

/** Every bill of the user, newest first, through GET /assets/bills paging. */
export async function allBills(server: RealServer, token: string): Promise<Bill[]> {
  const bills: Bill[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? "limit=100" : `limit=100&cursor=${cursor}`;
    const page: ListPage<Bill> = await getData(server, token, `/assets/bills?${query}`);
    bills.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return bills;
}

export async function usdtBalance(
  server: RealServer,
  token: string,
): Promise<AssetsOverview["usdt"]> {
  const overview: AssetsOverview = await getData(server, token, "/assets/overview");
  return overview.usdt;
}

async function getData<T>(server: RealServer, token: string, path: string): Promise<T> {
  const response = await fetch(`${server.url}${API_BASE}${path}`, {
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": freshIp() },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { Data: T }).Data;
}
