// The user's messages (API.md /profile/message). System messages carry a `kind` and `params`
// so the app can show them in the reader's language; operator messages carry only their text.

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

export interface MessageItem {
  id: string;
  title: string;
  summary: string;
  read: boolean;
  createdAt: string;
  /** null for an operator's message (shown as written). */
  kind: MessageKind | null;
  /**
   * Values the kind's text needs: identity-rejected { reason }; recharge-credited { amount };
   * recharge-rejected { amount, reason }; withdrawal-sent { amount, address, txHash };
   * withdrawal-returned { amount, fee, reason }. Amounts are USDT decimal strings.
   */
  params: Record<string, string>;
}

export interface Message extends MessageItem {
  /** Plain text; paragraphs separated by blank lines. */
  body: string;
}

export const MESSAGE_LIMITS = { titleMaxLength: 120, bodyMaxLength: 5000 } as const;
