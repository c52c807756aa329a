// Two-person withdrawals (issue 22): above WITHDRAWAL_SECOND_APPROVAL_ABOVE (demo: 1000 USDT) the
// first approval is recorded and the withdrawal stays under review; a different operator's second
// approval sends it; the same operator (API or CLI) twice is refused with CONFLICT "same-approver"
// and changes nothing. Both approvals show in /admin/withdraw and each lands in the audit log.
// The race on real PostgreSQL: withdraw-approval-race-postgres.test.ts.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ChainEndpoint } from "../../server/chain/chain-endpoint";
import type { HotWallet } from "../../server/chain/hot-wallet";
import { runWithdrawalCommand } from "../../server/cli/withdrawal-commands";
import { cliActor } from "../../server/domain/operators/operator-actor";
import type { ListPage } from "../../protocol/list";
import type { AdminWithdrawalItem } from "../../protocol/wallet";
import { createUserSession, type TestSession } from "./helpers/sessions";
import { useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";
import { demoFunds } from "./helpers/withdraw";
import { withdrawDesk } from "./helpers/withdraw-desk";

const getDb = usePglite();
const app = useTestApp(getDb, { resetDbBeforeEach: true });
let user: TestSession;
let alice: TestSession;
let bob: TestSession;

beforeAll(() => {
  // Approving only asks whether a hot wallet exists; nothing is sent in these tests (the sender
  // is not running). The real send: admin-withdraw-send.test.ts.
  app.chain.attachEndpoint({} as ChainEndpoint, {} as HotWallet);
});
beforeEach(async () => {
  user = await createUserSession(getDb(), { verified: true });
  alice = await createUserSession(getDb(), { role: "operator", username: "alice" });
  bob = await createUserSession(getDb(), { role: "operator", username: "bob" });
  await demoFunds(app, user, "5000");
});

const { admin, withdraw, rowOf } = withdrawDesk(() => ({
  app,
  db: getDb(),
  user,
  operator: alice,
}));

const approve = (id: string, as: TestSession) =>
  admin("POST", `/withdraw/${id}/approve`, undefined, as);

async function audit(id: string) {
  return getDb().query<{ action: string; actor_label: string; detail: { approvers?: string[] } }>(
    `SELECT action, actor_label, detail FROM audit_log
      WHERE target_kind = 'withdrawal' AND target_id = $1 ORDER BY id`,
    [id],
  );
}

async function approvalRows(id: string) {
  return getDb().query<{ step: number; approver_label: string }>(
    "SELECT step, approver_label FROM withdrawal_approvals WHERE withdrawal_id = $1 ORDER BY step",
    [id],
  );
}

describe("two-person withdrawals", () => {
  it("at or below the threshold one approval sends it, and names its approver", async () => {
    const w = await withdraw("1000");
    const response = await approve(w.id, alice);
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json<{ Data: AdminWithdrawalItem }>().Data;
    expect(item).toMatchObject({ status: 1, reviewerId: alice.userId, approvalsRequired: 1 });
    expect(item.approvals).toEqual([
      { operatorId: alice.userId, operatorLabel: "operator:alice", approvedAt: expect.any(String) },
    ]);
    expect((await audit(w.id)).map((a) => a.action)).toEqual(["withdrawal.approve"]);
  });

  it("above it the first approval waits, the same operator is refused, a second one sends it", async () => {
    const w = await withdraw("1000.5");
    const first = await approve(w.id, alice);
    expect(first.statusCode, first.body).toBe(200);
    const waiting = first.json<{ Data: AdminWithdrawalItem }>().Data;
    expect(waiting).toMatchObject({ status: 0, reviewerId: null, approvalsRequired: 2 });
    expect(waiting.approvals.map((a) => a.operatorLabel)).toEqual(["operator:alice"]);
    expect(await audit(w.id)).toEqual([
      {
        action: "withdrawal.first-approval",
        actor_label: "operator:alice",
        detail: expect.objectContaining({ approvers: ["operator:alice"], approval: 1 }),
      },
    ]);

    // Alice again: refused with a code and params; nothing recorded, nothing sent.
    const again = await approve(w.id, alice);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      Code: "CONFLICT",
      Params: {
        conflict: "same-approver",
        approver: "operator:alice",
        approvedAt: waiting.approvals[0]?.approvedAt,
      },
    });
    expect((await rowOf(w.id)).status).toBe(0);
    expect(await approvalRows(w.id)).toHaveLength(1);
    expect(await audit(w.id)).toHaveLength(1);

    // The queue shows who approved and that it waits for a second operator.
    const queue = await admin("GET", "/withdraw?status=0");
    const listed = queue.json<{ Data: ListPage<AdminWithdrawalItem> }>().Data.items;
    expect(listed.find((i) => i.id === w.id)).toMatchObject({
      approvalsRequired: 2,
      approvals: [{ operatorLabel: "operator:alice" }],
    });

    const second = await approve(w.id, bob);
    expect(second.statusCode, second.body).toBe(200);
    const sent = second.json<{ Data: AdminWithdrawalItem }>().Data;
    expect(sent).toMatchObject({ status: 1, reviewerId: bob.userId, approvalsRequired: 2 });
    expect(sent.approvals.map((a) => [a.operatorId, a.operatorLabel])).toEqual([
      [alice.userId, "operator:alice"],
      [bob.userId, "operator:bob"],
    ]);
    expect((await audit(w.id)).map((a) => [a.action, a.actor_label, a.detail.approvers])).toEqual([
      ["withdrawal.first-approval", "operator:alice", ["operator:alice"]],
      ["withdrawal.approve", "operator:bob", ["operator:alice", "operator:bob"]],
    ]);
    // A third approval finds it decided.
    const third = await approve(w.id, alice);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ Params: { conflict: "already-decided" } });
    expect(await approvalRows(w.id)).toHaveLength(2);
  });

  it("the CLI approves through the same rule: the same shell user twice is refused", async () => {
    const w = await withdraw("2500");
    const command = { name: "withdrawal-approve", id: w.id } as const;
    const first = await runWithdrawalCommand(getDb(), command, cliActor("carol"));
    expect(first).toMatchObject({ kind: "withdrawal-decided", withdrawal: { status: 0 } });
    await expect(runWithdrawalCommand(getDb(), command, cliActor("carol"))).rejects.toMatchObject({
      code: "CONFLICT",
      params: { conflict: "same-approver", approver: "cli:carol" },
    });
    expect(await approvalRows(w.id)).toEqual([{ step: 1, approver_label: "cli:carol" }]);
    const second = await approve(w.id, bob);
    expect(second.json<{ Data: AdminWithdrawalItem }>().Data).toMatchObject({ status: 1 });
    expect(await approvalRows(w.id)).toEqual([
      { step: 1, approver_label: "cli:carol" },
      { step: 2, approver_label: "operator:bob" },
    ]);
  });

  it("a withdrawal waiting for its second approval can still be rejected (funds return)", async () => {
    const w = await withdraw("3000");
    await approve(w.id, alice);
    const rejected = await admin(
      "POST",
      `/withdraw/${w.id}/reject`,
      { reason: "Looks wrong" },
      bob,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ Data: AdminWithdrawalItem }>().Data).toMatchObject({
      status: 3,
      approvals: [{ operatorLabel: "operator:alice" }],
    });
    const late = await approve(w.id, bob);
    expect(late.statusCode).toBe(409);
  });

  it("an unknown withdrawal is 404 and records nothing", async () => {
    const response = await approve("987654321", alice);
    expect(response.statusCode).toBe(404);
    const [count] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM withdrawal_approvals",
    );
    expect(count?.n).toBe(0);
  });
});
