// What verifyDeposit answers when the chain cannot be asked; the chain's own answers are tested
// on a real anvil in tests/server/wallet-recharge.test.ts and admin-recharge.test.ts.
import { createServer } from "node:net";
import { createPublicClient, http } from "viem";
import { expect, it } from "vitest";
import { verifyDeposit } from "./verify-deposit";

it("answers unreachable (not invalid) when the RPC endpoint refuses connections", async () => {
  // A port that was free a moment ago: nothing listens there.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const answer = await verifyDeposit(
    {
      chainId: 31337,
      rpcUrl,
      token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      depositAddress: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      confirmations: 2,
      publicClient: createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }),
    },
    { txHash: `0x${"11".repeat(32)}`, amount: 10_000_000n, sender: "any", credited: [] },
  );
  expect(answer.kind).toBe("unreachable");
});
