// The newsletter links' POSTs on real PostgreSQL (newsletter-sending.test.ts runs them over HTTP on
// PGlite): confirm answers "already" the second time, unsubscribe the same, an unknown token is
// refused, and two confirmations racing on one token both succeed with exactly one "first".
import { expect, it } from "vitest";
import { mailLinkSecret } from "../../server/db/repositories/newsletter-repository";
import { upsertPendingSubscription } from "../../server/db/repositories/subscription-repository";
import { newConfirmToken, unsubscribeSignature } from "../../server/domain/newsletter/mail-links";
import {
  confirmSubscription,
  unsubscribe,
} from "../../server/domain/newsletter/subscription-links";
import { describePostgres } from "./helpers/test-db";

describePostgres(
  "newsletter links",
  (pg) => {
    it("confirm and unsubscribe act once and then answer already", async () => {
      const db = pg.db();
      const { token, hash } = newConfirmToken();
      await upsertPendingSubscription(db, {
        email: "pg@example.com",
        userId: null,
        lang: "en",
        tokenHash: hash,
      });
      const raced = await Promise.all([
        confirmSubscription(db, token),
        confirmSubscription(db, token),
      ]);
      expect(raced.map((a) => a.already).sort()).toEqual([false, true]);
      expect(raced[0]).toMatchObject({ email: "pg@example.com", status: "confirmed" });
      await expect(confirmSubscription(db, newConfirmToken().token)).rejects.toMatchObject({
        code: "NOT_FOUND",
      });

      const sig = unsubscribeSignature(await mailLinkSecret(db), "pg@example.com");
      expect(await unsubscribe(db, { email: "pg@example.com", sig })).toEqual({
        email: "pg@example.com",
        status: "unsubscribed",
        already: false,
      });
      expect(await unsubscribe(db, { email: "pg@example.com", sig })).toMatchObject({
        already: true,
      });
      // The confirmation token is gone with the unsubscription.
      await expect(confirmSubscription(db, token)).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  },
  { migrate: true },
);
