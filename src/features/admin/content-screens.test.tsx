// The console's content screens against a fake console server (the network edge only): the
// promotions funding sends an Idempotency-Key and keeps it for a retry of the same amount; the
// settings screen checks a dataset's shape before sending; the article preview renders the
// chosen language's body through the app's article component; support sees no write buttons.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OperatorRole } from "../../../protocol/operators";
import { signIn, signOutOperator } from "../../sync/admin/operator-session";
import { fakeConsoleServer, sessionView } from "../../test/fake-console-server";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { ArticlesScreen } from "./articles-screen";
import { PromotionsScreen } from "./promotions-screen";
import { SettingsScreen } from "./settings-screen";

const budget = {
  asset: "USDT",
  balance: "10",
  paidCount: 1,
  paidAmount: "5",
  waitingCount: 0,
  waitingAmount: "0",
};
const footer = {
  alias: "footer",
  lang: "en",
  dataset: { operator: "Quanta", copyright: "© Quanta" },
  origin: "seed",
  updatedAt: "2026-11-27T03:00:00Z",
};
const item = {
  id: "fees",
  category: "news",
  cover: null,
  sort: 0,
  origin: "operator",
  title: "Fees",
  languages: ["de", "en"],
  publishedAt: "2026-11-27T03:00:00Z",
  updatedAt: "2026-11-27T03:00:00Z",
};
const article = {
  ...item,
  texts: {
    en: { title: "Fees", summary: "S", body: "<p>English body</p>" },
    de: { title: "Gebühren", summary: "Z", body: "<p>Deutscher Text</p><script>x()</script>" },
  },
};

interface Sent {
  body: unknown;
  key: string | null;
}

async function mountAs(
  role: OperatorRole,
  screenElement: React.JSX.Element,
  failFirstFund = false,
) {
  const sent: Sent[] = [];
  let funds = 0;
  fakeConsoleServer({
    "POST /auth/signin": () => ({ data: "op-token" }),
    "GET /admin/session": () => ({ data: sessionView("ready", role) }),
    "POST /auth/logout": () => ({ data: null }),
    "GET /admin/promotions": () => ({ data: budget }),
    "POST /admin/promotions/fund": ({ body, headers }) => {
      sent.push({ body, key: headers.get("idempotency-key") });
      funds++;
      if (failFirstFund && funds === 1) return { status: 500, code: "INTERNAL" };
      return { data: { amount: "5", source: "demo-issuer", balance: "15", transactionId: "9" } };
    },
    "GET /admin/settings": () => ({ data: [footer] }),
    "PUT /admin/settings/footer/en": ({ body }) => {
      sent.push({ body, key: null });
      return { data: { ...footer, ...(body as object), origin: "operator" } };
    },
    "GET /admin/articles": () => ({ data: { items: [item], nextCursor: null } }),
    "GET /admin/articles/fees": () => ({ data: article }),
  });
  await act(async () => {
    await signIn("ada", "pw");
  });
  await renderInEnglish(screenElement);
  return sent;
}

describe("console content screens", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("funds promotions with one Idempotency-Key per amount, kept for the retry", async () => {
    const sent = await mountAs("admin", <PromotionsScreen />, true);
    await screen.findByTestId("promotions-balance");
    fireEvent.input(screen.getByTestId("promotions-amount"), { target: { value: "5" } });
    await act(async () => fireEvent.click(screen.getByTestId("promotions-fund")));
    await waitFor(() => expect(sent).toHaveLength(1));
    await act(async () => fireEvent.click(screen.getByTestId("promotions-fund")));
    await screen.findByTestId("promotions-funded");
    expect(sent.map((s) => s.body)).toEqual([{ amount: "5" }, { amount: "5" }]);
    expect(sent[0]?.key).toBeTruthy();
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it("shows support the budget without the funding form", async () => {
    await mountAs("support", <PromotionsScreen />);
    await screen.findByTestId("promotions-balance");
    expect(screen.queryByTestId("promotions-fund")).toBeNull();
  });

  it("checks a setting's shape before sending, then sends the trimmed dataset", async () => {
    const sent = await mountAs("admin", <SettingsScreen />);
    const operator = await screen.findByTestId("setting-footer-operator");
    fireEvent.input(operator, { target: { value: "  " } });
    await act(async () => fireEvent.click(screen.getByTestId("setting-save-footer")));
    expect((await screen.findByRole("alert")).textContent).toContain("dataset.operator");
    expect(sent).toEqual([]);
    fireEvent.input(operator, { target: { value: " Beispiel GmbH " } });
    await act(async () => fireEvent.click(screen.getByTestId("setting-save-footer")));
    await waitFor(() =>
      expect(sent).toEqual([
        { body: { dataset: { operator: "Beispiel GmbH", copyright: "© Quanta" } }, key: null },
      ]),
    );
  });

  it("previews an article in the chosen language through the app's sanitised body", async () => {
    await mountAs("support", <ArticlesScreen />);
    await screen.findByTestId("article-fees");
    expect(screen.queryByTestId("article-new")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    const preview = await screen.findByTestId("article-preview");
    expect(preview.textContent).toContain("English body");
    fireEvent.click(screen.getByTestId("article-lang-de"));
    await waitFor(() => expect(preview.textContent).toContain("Deutscher Text"));
    expect(preview.querySelector("script")).toBeNull();
    expect(screen.queryByTestId("article-save")).toBeNull();
  });
});
