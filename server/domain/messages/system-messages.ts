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
      "Your account is ready. Verify your identity under My account to unlock higher plan levels.",
      "Trading with leverage, options and AI quant plans can lose all of your stake. Past and backtested results do not promise future returns; only trade what you can afford to lose.",
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
};

export function sendSystemMessage(
  tx: Queryable,
  userId: string,
  kind: MessageKind,
  params: Params = {},
): Promise<Message> {
  const { title, body } = TEXTS[kind](params);
  return createMessage(tx, { userId, kind, params, title, body, senderId: null });
}
