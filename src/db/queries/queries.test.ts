import { renderHook, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import type { ArticleCategory, Lang, Message } from "../../../protocol";
import { closeDatabase, database, DB_NAME, type ArticleRow, type OutboxRow } from "../database";
import { useArticle, useArticles } from "./articles";
import { useLinks } from "./links";
import { useMessages, useUnreadCount } from "./messages";
import { useSetting } from "./settings";
import { useTickers } from "./market";

function article(
  lang: Lang,
  id: string,
  category: ArticleCategory,
  day: number,
  position = 0,
): ArticleRow {
  const publishedAt = `2026-09-${String(day).padStart(2, "0")}T02:00:00.000Z`;
  return {
    lang,
    id,
    category,
    title: `${lang} ${id}`,
    summary: "",
    cover: null,
    publishedAt,
    updatedAt: publishedAt,
    body: null,
    position,
  };
}

function message(
  id: string,
  userId: string,
  read: boolean,
  minute: number,
): Message & { userId: string } {
  return {
    id,
    userId,
    title: id,
    summary: "",
    body: "",
    read,
    createdAt: `2026-11-22T10:${String(minute).padStart(2, "0")}:00.000Z`,
    kind: null,
    params: {},
  };
}

function readEntry(id: string, userId: string, state: OutboxRow["state"]): OutboxRow {
  const now = new Date().toISOString();
  return {
    id: `key-${id}-${state}`,
    userId,
    command: "message.read",
    payload: { id },
    state,
    failure: state === "failed" ? { code: "NOT_FOUND", params: {} } : null,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: now,
    updatedAt: now,
  };
}

describe("content queries", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("pages a category newest first and tells whether more exist", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => article("de", `n${i + 1}`, "news", i + 1));
    await database().articles.bulkPut([...rows, article("de", "h1", "help", 30)]);
    const { result, rerender } = renderHook(({ limit }) => useArticles("de", "news", limit), {
      initialProps: { limit: 10 },
    });
    await waitFor(() => expect(result.current.status).toBe("ready"));
    const first = result.current.status === "ready" ? result.current.value : null;
    expect(first?.items.map((row) => row.id)).toEqual([
      "n12",
      "n11",
      "n10",
      "n9",
      "n8",
      "n7",
      "n6",
      "n5",
      "n4",
      "n3",
    ]);
    expect(first?.hasMore).toBe(true);
    rerender({ limit: 20 });
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: "ready", value: { hasMore: false } }),
    );
    const all = result.current.status === "ready" ? result.current.value.items : [];
    expect(all).toHaveLength(12);
  });

  it("keeps the server's order among articles published at the same time", async () => {
    const same = (id: string, position: number) => article("en", id, "help", 1, position);
    await database().articles.bulkPut([
      same("b-second", 1),
      same("a-third", 2),
      same("z-first", 0),
    ]);
    const { result } = renderHook(() => useArticles("en", "help", 10));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    const ids = result.current.status === "ready" ? result.current.value.items : [];
    expect(ids.map((row) => row.id)).toEqual(["z-first", "b-second", "a-third"]);
  });

  it("falls back to English rows when the language has none, and prefers its own", async () => {
    await database().articles.bulkPut([
      article("en", "a", "news", 1),
      article("en", "b", "news", 2),
      article("fr", "b", "agreement", 2),
    ]);
    const list = renderHook(() => useArticles("vi", "news", 10));
    await waitFor(() =>
      expect(list.result.current).toMatchObject({ status: "ready", value: { lang: "en" } }),
    );
    const one = renderHook(() => useArticle("fr", "b"));
    await waitFor(() =>
      expect(one.result.current).toMatchObject({ status: "ready", value: { lang: "fr" } }),
    );
    const missing = renderHook(() => useArticle("fr", "nope"));
    await waitFor(() =>
      expect(missing.result.current).toEqual({ status: "ready", value: undefined }),
    );
  });

  it("reads settings and links per language, links in the operator's order", async () => {
    await database().systemSettings.put({
      lang: "en",
      alias: "subscribe",
      dataset: { title: "Newsletter", text: "…" },
    });
    await database().links.bulkPut([
      { lang: "ko", id: "b", alias: "partner", title: "B", url: "https://b.example", position: 1 },
      { lang: "ko", id: "a", alias: "partner", title: "A", url: "https://a.example", position: 0 },
    ]);
    const setting = renderHook(() => useSetting("ko", "subscribe"));
    await waitFor(() =>
      expect(setting.result.current).toEqual({
        status: "ready",
        value: { title: "Newsletter", text: "…" },
      }),
    );
    const links = renderHook(() => useLinks("ko"));
    await waitFor(() => expect(links.result.current.status).toBe("ready"));
    const ids = links.result.current.status === "ready" ? links.result.current.value : [];
    expect(ids.map((link) => link.id)).toEqual(["a", "b"]);
  });

  it("has no tickers before the feed wrote any", async () => {
    const { result } = renderHook(() => useTickers());
    await waitFor(() => expect(result.current).toEqual({ status: "ready", value: [] }));
  });
});

describe("message queries", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("shows a message read as soon as the outbox holds its read, unless that failed", async () => {
    await database().messages.bulkPut([
      message("m1", "u1", false, 1),
      message("m2", "u1", false, 2),
      message("m3", "u1", true, 3),
      message("m4", "u1", false, 4),
      message("other", "u2", false, 5),
    ]);
    await database().outbox.bulkPut([
      readEntry("m1", "u1", "waiting"),
      readEntry("m2", "u1", "failed"),
      // Another user's entry never marks this user's message.
      readEntry("m4", "u2", "sent"),
    ]);
    const list = renderHook(() => useMessages("u1"));
    const unread = renderHook(() => useUnreadCount("u1"));
    await waitFor(() => expect(list.result.current.status).toBe("ready"));
    const rows = list.result.current.status === "ready" ? list.result.current.value : [];
    expect(rows.map((row) => [row.id, row.shownRead])).toEqual([
      ["m4", false],
      ["m3", true],
      ["m2", false],
      ["m1", true],
    ]);
    await waitFor(() => expect(unread.result.current).toBe(2));

    await database().outbox.put(readEntry("m4", "u1", "sending"));
    await waitFor(() => expect(unread.result.current).toBe(1));
  });
});
