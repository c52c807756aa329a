import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUserDetail, AdminUserItem } from "../../../protocol/admin-users";
import type { OperatorRole } from "../../../protocol/operators";
import { signIn, signOutOperator } from "../../sync/admin/operator-session";
import { fakeConsoleServer, sessionView, type FakeHandlers } from "../../test/fake-console-server";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { MessagesScreen } from "./messages-screen";
import { UsersScreen } from "./users-screen";

const ADDRESS = `0xab${"1".repeat(38)}`;
const user: AdminUserItem = {
  id: "7",
  address: ADDRESS,
  createdAt: "2026-11-20T10:00:00Z",
  locked: true,
  lock: { reason: "chargeback", lockedAt: "2026-11-26T10:00:00Z", lockedBy: "operator:ada" },
  identity: 1,
};
const detail: AdminUserDetail = {
  user,
  assets: {
    balances: [{ asset: "USDT", available: "135.5", frozen: "12" }],
    usdt: { available: "135.5", frozen: "12", withdrawing: "12", withdrawn: "0" },
    income: { today: "0", yesterday: "0", total: "0", timeZone: "UTC" },
    creditLevel: 1,
    loan: "0",
    equityUsd: "147.5",
  },
  sessions: [
    {
      id: "3",
      createdAt: "2026-11-26T09:00:00Z",
      lastSeenAt: "2026-11-26T09:30:00Z",
      expiresAt: "2026-12-26T09:00:00Z",
      idleExpiresAt: "2026-12-03T09:30:00Z",
      revokedAt: null,
      live: true,
    },
  ],
};
const bill = (id: string) => ({
  id,
  type: 106,
  asset: "USDT",
  amount: "10",
  balanceAfter: "10",
  ref: { kind: "demo-credit", id },
  createdAt: "2026-11-26T08:00:00Z",
});

async function mountAs(role: OperatorRole, handlers: FakeHandlers, screenElement: ReactElement) {
  const server = fakeConsoleServer({
    "POST /auth/signin": () => ({ data: "op-token" }),
    "GET /admin/session": () => ({ data: sessionView("ready", role) }),
    "POST /auth/logout": () => ({ data: null }),
    ...handlers,
  });
  await act(async () => {
    await signIn("ada", "pw");
  });
  await renderInEnglish(screenElement);
  return server;
}

describe("<UsersScreen>", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("searches by a prefix, opens a user and pages their bills", async () => {
    const searches: string[] = [];
    const billCursors: (string | null)[] = [];
    const locks: unknown[] = [];
    await mountAs(
      "admin",
      {
        "GET /admin/users": ({ search }) => {
          searches.push(search.get("address") ?? "");
          return { data: { items: [user], nextCursor: null } };
        },
        [`GET /admin/users/${ADDRESS}`]: () => ({ data: detail }),
        [`GET /admin/users/${ADDRESS}/bills`]: ({ search }) => {
          billCursors.push(search.get("cursor"));
          return search.get("cursor") === null
            ? { data: { items: [bill("2")], nextCursor: "2" } }
            : { data: { items: [bill("1")], nextCursor: null } };
        },
        [`POST /admin/users/${ADDRESS}/unlock`]: ({ body }) => {
          locks.push(body);
          return { data: { userId: "7", address: ADDRESS, locked: false, changed: true } };
        },
      },
      <UsersScreen />,
    );
    fireEvent.input(screen.getByTestId("user-search"), { target: { value: "0xAB" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("user-search-go"));
    });
    await waitFor(() => expect(searches).toEqual(["", "0xAB"]));
    await screen.findByTestId("user-row");
    expect(screen.getByTestId("user-row").textContent).toContain("chargeback");

    await act(async () => {
      fireEvent.click(screen.getByTestId(`user-open-${ADDRESS}`));
    });
    await screen.findByTestId("user-balance-USDT");
    expect(screen.getByTestId("user-balance-USDT").textContent).toContain("135.5");
    expect(screen.getByTestId("user-balance-USDT").textContent).toContain("12");
    expect(screen.getAllByTestId("user-session")).toHaveLength(1);
    expect(screen.getByTestId("user-lock-state").textContent).toContain("chargeback");
    await waitFor(() => expect(screen.getAllByTestId("user-bill")).toHaveLength(1));
    await act(async () => {
      fireEvent.click(screen.getByTestId("user-bills-more"));
    });
    await waitFor(() => expect(screen.getAllByTestId("user-bill")).toHaveLength(2));
    expect(billCursors).toEqual([null, "2"]);

    // A locked user offers unlock only, and a reason is required.
    expect(screen.queryByTestId("user-lock")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId("user-unlock"));
    });
    expect(locks).toEqual([]);
    fireEvent.input(screen.getByTestId("user-reason"), { target: { value: "resolved" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("user-unlock"));
    });
    await waitFor(() => expect(locks).toEqual([{ reason: "resolved" }]));
    await act(async () => {
      fireEvent.click(screen.getByTestId("user-back"));
    });
    await screen.findByTestId("user-row");
    expect(searches).toEqual(["", "0xAB", "0xAB"]);
  });

  it("refuses a search that is not hex without asking the server", async () => {
    const server = await mountAs(
      "support",
      { "GET /admin/users": () => ({ data: { items: [], nextCursor: null } }) },
      <UsersScreen />,
    );
    await waitFor(() => expect(server.calls).toContain("GET /admin/users"));
    fireEvent.input(screen.getByTestId("user-search"), { target: { value: "0xzz" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("user-search-go"));
    });
    expect(screen.getByRole("alert").textContent).toMatch(/hex digits/);
    expect(server.calls.filter((call) => call === "GET /admin/users")).toHaveLength(1);
  });
});

describe("<MessagesScreen> to all users", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("asks for an explicit confirmation before sending to everyone", async () => {
    const sent: unknown[] = [];
    await mountAs(
      "admin",
      {
        "POST /admin/messages/all": ({ body }) => {
          sent.push(body);
          return { data: { title: "Maintenance", recipients: 42, sentAt: "2026-11-27T07:00:00Z" } };
        },
      },
      <MessagesScreen />,
    );
    fireEvent.click(screen.getByTestId("message-to-all"));
    expect(screen.queryByTestId("message-address")).toBeNull();
    fireEvent.input(screen.getByTestId("message-title"), { target: { value: "Maintenance" } });
    fireEvent.input(screen.getByTestId("message-body"), { target: { value: "Tonight." } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("message-send"));
    });
    expect(screen.getByTestId("message-confirm-all").textContent).toMatch(/every user/);
    expect(sent).toEqual([]);

    await act(async () => {
      fireEvent.click(screen.getByTestId("message-confirm-cancel"));
    });
    expect(sent).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByTestId("message-send"));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId("message-confirm-send"));
    });
    await waitFor(() => expect(sent).toEqual([{ title: "Maintenance", body: "Tonight." }]));
    expect((await screen.findByTestId("message-sent")).textContent).toContain("42");
  });
});
