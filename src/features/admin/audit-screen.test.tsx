import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditItem } from "../../../protocol";
import { signIn, signOutOperator } from "../../sync/admin/operator-session";
import { fakeConsoleServer, sessionView } from "../../test/fake-console-server";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { AuditScreen } from "./audit-screen";

const entry = (id: string, action: string, actorLabel: string, reason?: string): AuditItem => ({
  id,
  actorId: null,
  actorLabel,
  action,
  targetKind: "user",
  targetId: "7",
  detail: reason === undefined ? {} : { reason },
  createdAt: "2026-11-27T04:00:00Z",
});

const LOG = [
  entry("3", "user.lock", "operator:ada", "Fraud report"),
  entry("2", "identity.approve", "operator:ada"),
  entry("1", "user.lock", "cli:root"),
];

describe("<AuditScreen>", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("asks the server for the filters and shows a lock's reason", async () => {
    const asked: string[] = [];
    fakeConsoleServer({
      "POST /auth/signin": () => ({ data: "op-token" }),
      "GET /admin/session": () => ({ data: sessionView("ready", "support") }),
      "POST /auth/logout": () => ({ data: null }),
      // The server filters (exact match); the fake does the same to answer like it.
      "GET /admin/audit": ({ search }) => {
        const action = search.get("action");
        const actor = search.get("actor");
        asked.push(`${action ?? "-"} ${actor ?? "-"}`);
        const items = LOG.filter(
          (i) =>
            (action === null || i.action === action) && (actor === null || i.actorLabel === actor),
        );
        return { data: { items, nextCursor: null } };
      },
    });
    await act(async () => {
      await signIn("ada", "pw");
    });
    await renderInEnglish(<AuditScreen />);
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(3));
    expect(screen.getAllByTestId("audit-reason").map((cell) => cell.textContent)).toEqual([
      "Fraud report",
      "—",
      "—",
    ]);

    fireEvent.input(screen.getByTestId("audit-action"), { target: { value: " user.lock " } });
    fireEvent.input(screen.getByTestId("audit-actor"), { target: { value: "cli:root" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("audit-filter"));
    });
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(1));
    const [row] = screen.getAllByTestId("audit-row");
    expect(within(row as HTMLElement).getByText("cli:root")).toBeTruthy();
    expect(asked).toEqual(["- -", "user.lock cli:root"]);
  });
});
