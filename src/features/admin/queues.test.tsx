import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OperatorRole } from "../../../protocol/operators";
import { signIn, signOutOperator } from "../../sync/admin/operator-session";
import {
  fakeConsoleServer,
  sessionView,
  type FakeAnswer,
  type FakeServer,
} from "../../test/fake-console-server";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { IdentityQueueScreen } from "./identity-queue";
import { WithdrawQueueScreen } from "./withdraw-queue";

const identity = {
  id: "41",
  userId: "7",
  address: "0x00000000000000000000000000000000000000a1",
  status: 0,
  name: "Grace Hopper",
  idNumber: "X1234567",
  idType: 1,
  photo: "u9",
  photoUrl: "/api/v1/storage/upload/u9",
  submittedAt: "2026-11-27T03:00:00Z",
  reviewedAt: null,
  reviewerId: null,
  reason: null,
};

const bigWithdrawal = {
  id: "88",
  amount: "2500",
  fee: "1",
  address: "0x00000000000000000000000000000000000000b2",
  status: 0,
  txHash: null,
  createdAt: "2026-11-27T03:10:00Z",
  reviewedAt: null,
  completedAt: null,
  reason: null,
  userId: "7",
  userAddress: "0x00000000000000000000000000000000000000a1",
  reviewerId: null,
  approvalsRequired: 2,
  approvals: [
    { operatorId: "1", operatorLabel: "operator:ada", approvedAt: "2026-11-27T03:20:00Z" },
  ],
};

async function signedInAs(role: OperatorRole, fake: FakeServer, username = "ada") {
  fake.handlers["POST /auth/signin"] = () => ({ data: "op-token" });
  fake.handlers["GET /admin/session"] = () => ({ data: sessionView("ready", role, username) });
  fake.handlers["POST /auth/logout"] = () => ({ data: null });
  await act(async () => {
    await signIn(username, "pw");
  });
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

describe("console review queues", () => {
  useScreenTest();
  beforeEach(() => {
    // jsdom has no object URLs; the photo is shown from one.
    URL.createObjectURL = vi.fn(() => "blob:photo");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  function identityServer() {
    let items = [identity];
    const approved: string[] = [];
    const fake = fakeConsoleServer({
      "GET /admin/identity": ({ search }) => ({
        data: { items: search.get("status") === "0" ? items : [], nextCursor: null },
      }),
      "GET /storage/upload/u9": ({ token }): FakeAnswer =>
        token === "op-token"
          ? { file: "jpeg", type: "image/jpeg" }
          : { status: 401, code: "UNAUTHORIZED" },
      "POST /admin/identity/41/approve": () => {
        approved.push("41");
        items = [];
        return { data: { ...identity, status: 1 } };
      },
      "POST /admin/identity/41/reject": () => ({ data: { ...identity, status: 2 } }),
    });
    return { fake, approved };
  }

  it("shows an identity with its photo (fetched with the operator token) and approves it", async () => {
    const { fake, approved } = identityServer();
    await signedInAs("admin", fake);
    await renderInEnglish(<IdentityQueueScreen />);

    expect((await screen.findByTestId("identity-name-41")).textContent).toBe("Grace Hopper");
    expect(screen.getByText("Passport")).toBeTruthy();
    const photo = await screen.findByTestId("identity-photo-41");
    expect(photo.getAttribute("src")).toBe("blob:photo");

    await click("approve-41");
    expect(approved).toEqual(["41"]);
    // The queue is read again: the approved item is gone.
    expect(await screen.findByTestId("queue-empty")).toBeTruthy();
    expect(fake.calls.filter((call) => call === "GET /admin/identity")).toHaveLength(2);
  });

  it("refuses a rejection without a reason and sends nothing", async () => {
    const { fake } = identityServer();
    await signedInAs("reviewer", fake);
    await renderInEnglish(<IdentityQueueScreen />);
    await screen.findByTestId("identity-name-41");

    await click("reject-41");
    await click("reject-confirm-41");
    expect(screen.getByRole("alert").textContent).toBe("Please give a reason.");
    expect(fake.calls).not.toContain("POST /admin/identity/41/reject");

    fireEvent.input(screen.getByTestId("reason-41"), { target: { value: "Photo unreadable" } });
    await click("reject-confirm-41");
    await waitFor(() => expect(fake.calls).toContain("POST /admin/identity/41/reject"));
  });

  it("offers a support operator no review actions", async () => {
    const { fake } = identityServer();
    await signedInAs("support", fake);
    await renderInEnglish(<IdentityQueueScreen />);
    await screen.findByTestId("identity-name-41");
    expect(screen.queryByTestId("approve-41")).toBeNull();
    expect(screen.queryByTestId("reject-41")).toBeNull();
  });

  it("shows who approved a large withdrawal and waits for a different operator", async () => {
    const fake = fakeConsoleServer({
      "GET /admin/withdraw": ({ search }) => ({
        data: { items: search.get("status") === "0" ? [bigWithdrawal] : [], nextCursor: null },
      }),
    });
    await signedInAs("admin", fake, "ada");
    await renderInEnglish(<WithdrawQueueScreen />);

    expect((await screen.findByTestId("withdraw-approvals-88")).textContent).toContain(
      "Approved by operator:ada",
    );
    expect(screen.getByTestId("withdraw-waiting-88")).toBeTruthy();
    // The first approver cannot give the second approval; the server would refuse it too.
    expect(screen.queryByTestId("approve-88")).toBeNull();
    expect(screen.getByText(/another operator must give the second/)).toBeTruthy();
  });

  it("lets a second operator give the second approval", async () => {
    const fake = fakeConsoleServer({
      "GET /admin/withdraw": () => ({ data: { items: [bigWithdrawal], nextCursor: null } }),
    });
    await signedInAs("reviewer", fake, "grace");
    await renderInEnglish(<WithdrawQueueScreen />);
    await screen.findByTestId("withdraw-waiting-88");
    expect(screen.getByTestId("approve-88")).toBeTruthy();
  });
});
