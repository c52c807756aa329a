import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import type { MessageKind } from "../../../protocol";
import { messages as en } from "../../locales/en/messages.po";
import { messages as jp } from "../../locales/jp/messages.po";
import { messageWords, paragraphs, summarise } from "./message-wording";

const english = setupI18n({ locale: "en", messages: { en } });
const japanese = setupI18n({ locale: "jp", messages: { jp } });

function system(kind: MessageKind, params: Record<string, string> = {}) {
  return { kind, params, title: "stored English title", body: "stored English body" };
}

describe("messageWords", () => {
  it("words system messages from kind and params, not from the stored text", () => {
    const words = messageWords(
      english,
      system("identity-rejected", { reason: "Photo unreadable" }),
    );
    expect(words.title).toBe("Identity verification not passed");
    expect(paragraphs(words.body)).toEqual([
      "Your identity verification was not passed. Reason: Photo unreadable",
      "You can submit it again with corrected details or a clearer photo.",
    ]);
    expect(messageWords(english, system("identity-passed")).title).toBe("Identity verified");
    expect(paragraphs(messageWords(english, system("welcome")).body)).toHaveLength(2);
  });

  it("says so when a rejection carries no reason", () => {
    const cases: Record<string, string>[] = [{}, { reason: "  " }];
    for (const params of cases) {
      const words = messageWords(english, system("identity-rejected", params));
      expect(words.body).toContain("No reason was given.");
      expect(words.body).not.toContain("undefined");
    }
  });

  it("speaks the reader's language and keeps the operator's reason as written", () => {
    const words = messageWords(
      japanese,
      system("identity-rejected", { reason: "Photo unreadable" }),
    );
    expect(words.title).not.toBe("Identity verification not passed");
    expect(words.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(words.body).toContain("Photo unreadable");
    expect(messageWords(japanese, system("welcome")).body).not.toContain("Your account is ready");
  });

  it("words the wallet outcomes with the amounts in the reader's format", () => {
    expect(messageWords(english, system("recharge-credited", { amount: "1250.5" }))).toEqual({
      title: "Recharge credited",
      body: "Your recharge of 1,250.5 USDT was credited to your available balance.",
    });
    const returned = messageWords(
      english,
      system("withdrawal-returned", { amount: "30", fee: "1", reason: "Typo in address" }),
    );
    expect(returned.body).toBe(
      "Your withdrawal of 30 USDT was not sent. The amount and the 1 USDT fee are back in your available balance. Reason: Typo in address",
    );
    const hash = `0x${"ab".repeat(32)}`;
    const sent = messageWords(
      japanese,
      system("withdrawal-sent", { amount: "12000", address: "0xAbC", txHash: hash }),
    );
    expect(sent.title).toBe("出金を送信しました");
    expect(sent.body).toContain("12,000 USDT");
    expect(sent.body).toContain(hash);
    const rejected = messageWords(
      japanese,
      system("recharge-rejected", { amount: "10", reason: "No transfer on the voucher" }),
    );
    expect(paragraphs(rejected.body)).toHaveLength(2);
    expect(rejected.body).toContain("No transfer on the voucher");
  });

  it("shows operator messages exactly as written", () => {
    const operator = {
      kind: null,
      params: {},
      title: "Maintenance",
      body: "Tonight 22:00.\n\nThanks",
    };
    expect(messageWords(japanese, operator)).toEqual({
      title: "Maintenance",
      body: "Tonight 22:00.\n\nThanks",
    });
    expect(messageWords(english, { ...operator, body: undefined, summary: "Tonight" }).body).toBe(
      "Tonight",
    );
  });
});

describe("paragraphs and summarise", () => {
  it("splits on blank lines only", () => {
    expect(paragraphs("a\nb\n\nc\r\n  \r\nd\n\n\n")).toEqual(["a\nb", "c", "d"]);
  });

  it("cuts long bodies at a word", () => {
    const body = `${"word ".repeat(40)}end`;
    const summary = summarise(body);
    expect(summary.endsWith("…")).toBe(true);
    expect([...summary].length).toBeLessThanOrEqual(140);
    expect(summary).not.toMatch(/wor…$/);
    expect(summarise("short\n\ntext")).toBe("short text");
  });
});
