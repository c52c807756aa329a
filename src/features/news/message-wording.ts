// System messages (welcome, identity and wallet outcomes: protocol/messages.ts) are worded here,
// in the reader's language, from their kind and params; the server's stored English text is only
// the fallback for kinds this app version does not know. Operator messages (kind null) are shown
// as the operator wrote them.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { MessageItem, MessageKind } from "../../../protocol";
import { formatMoney } from "../../lib/format/format-money";

export interface MessageWords {
  title: string;
  /** Plain text; paragraphs separated by blank lines. */
  body: string;
}

/** `locale` formats the amounts in params (USDT decimal strings). */
type Wording = (
  params: Record<string, string>,
  locale: string,
) => {
  title: MessageDescriptor;
  paragraphs: MessageDescriptor[];
};

const WORDING: Record<MessageKind, Wording> = {
  welcome: () => ({
    title: msg`Welcome to Quanta`,
    paragraphs: [
      msg`Your account is ready. Deposits, spot trading, contract trading, rise/fall options and withdrawals are in the menu.`,
      msg`Trading can lose all of your stake, and leverage multiplies losses. Past results do not promise future returns; only trade what you can afford to lose.`,
    ],
  }),
  "identity-passed": () => ({
    title: msg`Identity verified`,
    paragraphs: [msg`Your identity verification has passed. Your account is now verified.`],
  }),
  "identity-rejected": (params) => {
    const reason = params["reason"];
    return {
      title: msg`Identity verification not passed`,
      paragraphs: [
        reason === undefined || reason.trim() === ""
          ? msg`Your identity verification was not passed. No reason was given.`
          : msg`Your identity verification was not passed. Reason: ${reason}`,
        msg`You can submit it again with corrected details or a clearer photo.`,
      ],
    };
  },
  "recharge-credited": (params, locale) => {
    const amount = money(params["amount"], locale);
    return {
      title: msg`Recharge credited`,
      paragraphs: [msg`Your recharge of ${amount} USDT was credited to your available balance.`],
    };
  },
  "recharge-rejected": (params, locale) => {
    const amount = money(params["amount"], locale);
    const reason = params["reason"] ?? "";
    return {
      title: msg`Recharge not credited`,
      paragraphs: [
        msg`Your recharge of ${amount} USDT was not credited. Reason: ${reason}`,
        msg`If you did send the transfer, submit the recharge again with its transaction hash.`,
      ],
    };
  },
  "withdrawal-sent": (params, locale) => {
    const amount = money(params["amount"], locale);
    const address = params["address"] ?? "";
    const txHash = params["txHash"] ?? "";
    return {
      title: msg`Withdrawal sent`,
      paragraphs: [
        msg`Your withdrawal of ${amount} USDT to ${address} was sent and confirmed on chain in transaction ${txHash}.`,
      ],
    };
  },
  "withdrawal-returned": (params, locale) => {
    const amount = money(params["amount"], locale);
    const fee = money(params["fee"], locale);
    const reason = params["reason"] ?? "";
    return {
      title: msg`Withdrawal returned`,
      paragraphs: [
        msg`Your withdrawal of ${amount} USDT was not sent. The amount and the ${fee} USDT fee are back in your available balance. Reason: ${reason}`,
      ],
    };
  },
};

const money = (value: string | undefined, locale: string) => formatMoney(value ?? "", locale);

/** Title and body of a message in the reader's language (`body` absent: list items). */
export function messageWords(
  i18n: I18n,
  message: Pick<MessageItem, "kind" | "params" | "title"> & { body?: string; summary?: string },
): MessageWords {
  if (message.kind === null || !(message.kind in WORDING)) {
    return { title: message.title, body: message.body ?? message.summary ?? "" };
  }
  const words = WORDING[message.kind](message.params, i18n.locale);
  return {
    title: i18n._(words.title),
    body: words.paragraphs.map((paragraph) => i18n._(paragraph)).join("\n\n"),
  };
}

/** Characters of the body a list shows before "…" (as the server's summaries). */
export const SUMMARY_LENGTH = 140;

/** The body on one line, cut at a word where possible. */
export function summarise(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  const chars = [...line];
  if (chars.length <= SUMMARY_LENGTH) return line;
  const cut = chars.slice(0, SUMMARY_LENGTH - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > SUMMARY_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

/** Plain text split into paragraphs on blank lines; single line breaks stay inside one. */
export function paragraphs(body: string): string[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
}
