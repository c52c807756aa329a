// Messages the system sends on an event. The stored title and body are English; the app words
// each kind in the reader's language from `kind` and `params`, and falls back to these texts.
// Like all copy here, they state facts and promise nothing (DESIGN §1).
import type { Message, MessageKind } from "../../../protocol/messages";
import type { Queryable } from "../../db/db";
import { createMessage } from "./create-message";

type Params = Record<string, string>;

const TEXTS: Record<MessageKind, (params: Params) => { title: string; body: string }> = {
  welcome: () => ({
    title: "Welcome to Quanta",
    body: [
      "Your account is ready. Deposits, spot trading, contract trading, rise/fall options and withdrawals are in the menu.",
      "Trading can lose all of your stake, and leverage multiplies losses. Past results do not promise future returns; only trade what you can afford to lose.",
    ].join("\n\n"),
  }),
  "identity-passed": () => ({
    title: "Identity verified",
    body: "Your identity verification has passed. Your account is now verified.",
  }),
  "identity-rejected": (params) => ({
    title: "Identity verification not passed",
    body: [
      `Your identity verification was not passed. Reason: ${params.reason ?? "not given"}`,
      "You can submit it again with corrected details or a clearer photo.",
    ].join("\n\n"),
  }),
  "recharge-credited": (params) => ({
    title: "Recharge credited",
    body: `Your recharge of ${params.amount ?? "?"} USDT was credited to your available balance.`,
  }),
  "recharge-rejected": (params) => ({
    title: "Recharge not credited",
    body: [
      `Your recharge of ${params.amount ?? "?"} USDT was not credited. Reason: ${params.reason ?? "not given"}`,
      "If you did send the transfer, submit the recharge again with its transaction hash.",
    ].join("\n\n"),
  }),
  "withdrawal-sent": (params) => ({
    title: "Withdrawal sent",
    body: `Your withdrawal of ${params.amount ?? "?"} USDT to ${params.address ?? "?"} was sent and confirmed on chain in transaction ${params.txHash ?? "?"}.`,
  }),
  "withdrawal-returned": (params) => ({
    title: "Withdrawal returned",
    body: `Your withdrawal of ${params.amount ?? "?"} USDT was not sent. The amount and the ${params.fee ?? "?"} USDT fee are back in your available balance. Reason: ${params.reason ?? "not given"}`,
  }),
};

/** The English title and body of a system message (what the seed-features test reads). */
export function systemMessageText(kind: MessageKind, params: Params = {}) {
  return TEXTS[kind](params);
}

export function sendSystemMessage(
  tx: Queryable,
  userId: string,
  kind: MessageKind,
  params: Params = {},
): Promise<Message> {
  const { title, body } = TEXTS[kind](params);
  return createMessage(tx, { userId, kind, params, title, body, senderId: null });
}
