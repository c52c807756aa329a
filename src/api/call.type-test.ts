// Compile-time checks of `call` (checked by `tsc -b`, never run): the contract rejects a path it
// does not have, a wrong body, a missing parameter or header.
import { call } from "./call";

export function typeChecks(): void {
  void call("GET /spot/orders", { query: { status: "open", limit: 20 } });
  void call("DELETE /spot/orders/:id", { params: { id: "1" } });
  void call("GET /market/tickers");
  void call("POST /spot/orders", {
    headers: { "idempotency-key": "k" },
    body: { symbol: "BTC/USDT", side: 0, type: 0, number: "0.1" },
  });

  // @ts-expect-error a path the contract does not have
  void call("GET /spot/ordrs");
  // @ts-expect-error the method is part of the route
  void call("PUT /spot/orders");
  const headers = { "idempotency-key": "k" };
  const numericAmount = { amount: 5, address: "0x0" };
  // @ts-expect-error a body field of the wrong type (money is a decimal string)
  void call("POST /wallet/withdraw", { headers, body: numericAmount });
  // @ts-expect-error a body without a required field
  void call("POST /auth/signin", { body: { username: "op" } });
  // @ts-expect-error the Idempotency-Key header is required
  void call("POST /wallet/faucet", {});
  // @ts-expect-error the path parameter is required
  void call("GET /profile/message/:id");
  // @ts-expect-error a query value outside the contract's list
  void call("GET /spot/orders", { query: { status: "closed" } });
}
