// The user's messages (API.md /profile/message). System messages carry a `kind` and `params`
// so the app can show them in the reader's language; operator messages carry only their text.
import type { Static } from "@sinclair/typebox";
import type { MessageAnswer, MessageItemAnswer } from "./endpoints/profile";

export const MESSAGE_KINDS = [
  "welcome",
  "identity-passed",
  "identity-rejected",
  "recharge-credited",
  "recharge-rejected",
  "withdrawal-sent",
  "withdrawal-returned",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * A message in the list. `kind` is null for an operator's message (shown as written); `params` are
 * the values the kind's text needs: identity-rejected { reason }; recharge-credited { amount };
 * recharge-rejected { amount, reason }; withdrawal-sent { amount, address, txHash };
 * withdrawal-returned { amount, fee, reason }. Amounts are USDT decimal strings.
 */
export type MessageItem = Static<typeof MessageItemAnswer>;

/** A message with its body: plain text, paragraphs separated by blank lines. */
export type Message = Static<typeof MessageAnswer>;

export const MESSAGE_LIMITS = { titleMaxLength: 120, bodyMaxLength: 5000 } as const;
