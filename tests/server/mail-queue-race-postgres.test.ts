// The newsletter queue racing on real PostgreSQL (skipped without DATABASE_URL; PGlite
// serialises everything, DESIGN §5): three workers on three pools (three leaders for a moment,
// or a restart overlapping the old process) drain one newsletter to 60 confirmed subscribers —
// every subscriber gets exactly one mail, and nothing stays queued.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { runMailPass } from "../../server/domain/newsletter/mail-queue";
import { sendNewsletter } from "../../server/domain/newsletter/send-newsletter";
import { cliActor } from "../../server/domain/operators/operator-actor";
import { AttachedMail } from "../../server/mail/attached-mail";
import { startDemoSink, type DemoSink } from "../../server/mail/demo-sink";
import { smtpTransport } from "../../server/mail/mail-transport";
import { describePostgres } from "./helpers/test-db";

describePostgres(
  "the mail queue racing on PostgreSQL",
  (pg) => {
    let sink: DemoSink;
    const mails: AttachedMail[] = [];

    beforeAll(async () => {
      sink = await startDemoSink(pg.db());
      for (let i = 0; i < 3; i++) {
        const mail = new AttachedMail(
          { kind: "demo-sink", from: "q@quanta.localhost" },
          "http://x",
        );
        mail.attach(smtpTransport(sink.url));
        mails.push(mail);
      }
    });
    afterAll(async () => {
      for (const mail of mails) mail.detach();
      await sink.close();
    });

    it("three workers at once send each subscriber one mail", async () => {
      const db = pg.db();
      await db.query(
        `INSERT INTO email_subscriptions (email, status, confirmed_at)
         SELECT 'reader' || i || '@example.com', 'confirmed', now() FROM generate_series(1, 60) i`,
      );
      const sent = await sendNewsletter(
        db,
        cliActor("race"),
        { subject: "Race", text: "Once each" },
        true,
      );
      expect(sent.recipients).toBe(60);
      const pools: Db[] = [db, pg.schema().open(), pg.schema().open()];
      await Promise.all(pools.map((pool, i) => runMailPass(pool, mails[i] as AttachedMail)));
      const perAddress = await db.query<{ to: string; n: number }>(
        `SELECT rcpt_to[1] AS to, count(*)::int AS n FROM demo_mailbox
          WHERE subject = 'Race' GROUP BY 1`,
      );
      expect(perAddress).toHaveLength(60);
      expect(perAddress.every((r) => r.n === 1)).toBe(true);
      const [queue] = await db.query<{ sent: number; other: number }>(
        `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
                count(*) FILTER (WHERE status <> 'sent')::int AS other FROM mail_queue`,
      );
      expect(queue).toEqual({ sent: 60, other: 0 });
    }, 120_000);
  },
  { migrate: true },
);
