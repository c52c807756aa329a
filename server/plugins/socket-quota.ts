// How many websockets one client address may hold open at once. /ws is outside the /api request
// limit (a socket is one long request), so without this one address could open sockets until the
// server runs out of memory or file descriptors. An app tab holds up to four (account, data,
// depth, kline): the default leaves room for many tabs and devices behind one NAT.
export const WS_MAX_SOCKETS_PER_CLIENT = 64;

/** RFC 6455 1013 "Try Again Later": the app's sockets reconnect with their back-off. */
export const CLOSE_TRY_AGAIN_LATER = 1013;

export interface SocketQuota {
  /** Counts a socket for `client`; false (nothing counted) when it already holds the maximum. */
  admit(client: string): boolean;
  release(client: string): void;
  /** Sockets `client` holds open now. */
  held(client: string): number;
}

export function createSocketQuota(max: number): SocketQuota {
  const open = new Map<string, number>();
  return {
    admit(client) {
      const held = open.get(client) ?? 0;
      if (held >= max) return false;
      open.set(client, held + 1);
      return true;
    },
    release(client) {
      const held = open.get(client) ?? 0;
      if (held <= 1) open.delete(client);
      else open.set(client, held - 1);
    },
    held: (client) => open.get(client) ?? 0,
  };
}
