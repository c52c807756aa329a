// The ledger under real concurrency. PGlite runs one transaction at a time,
// so these run on PostgreSQL only (DATABASE_URL), with several pools standing in for several
// server processes.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import type { Bill } from "../../protocol/ledger";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { userBalances } from "../../server/db/repositories/ledger-account-repository";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import {
  InsufficientBalanceError,
  ReservationEndedError,
} from "../../server/domain/ledger/ledger-errors";
import {
  credit,
  debit,
  deduct,
  freeze,
  returnReservation,
} from "../../server/domain/ledger/operations";
import { bearer, createUserSession } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { describePostgres } from "./helpers/test-db";

const USDT = 1_000_000n;
const common = { kind: "test", reference: "concurrency" };

describePostgres(
  "ledger concurrency",
  (pg) => {
    it("100 parallel freezes and debits never overdraw; frozen equals open reservations", async () => {
      const pools: Db[] = [pg.db(), pg.schema().open(), pg.schema().open(), pg.schema().open()];
      const { userId } = await createUserSession(pg.db());
      await pg.db().transaction((tx) =>
        credit(tx, {
          ...common,
          userId,
          asset: "USDT",
          amount: 50n * USDT,
          billType: 106,
          from: "demo-issuer",
        }),
      );
      // 100 requests for 1 USDT each (freeze like a withdrawal, or debit like a purchase) against
      // 50 USDT: exactly 50 may pass, whatever the interleaving.
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => {
          const db = pools[i % pools.length] as Db;
          return db.transaction((tx) =>
            i % 2 === 0
              ? freeze(tx, { ...common, userId, asset: "USDT", amount: USDT, billType: 201 })
              : debit(tx, {
                  ...common,
                  userId,
                  asset: "USDT",
                  amount: USDT,
                  billType: 202,
                  to: "broker",
                }),
          );
        }),
      );
      const passed = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r) => r.status === "rejected");
      expect(passed).toHaveLength(50);
      for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientBalanceError);

      const reservations = passed.flatMap((r) =>
        r.value.reservationId ? [r.value.reservationId] : [],
      );
      const [balance] = await userBalances(pg.db(), userId);
      expect(balance?.available).toBe("0");
      expect(BigInt(balance?.frozen ?? "-1")).toBe(BigInt(reservations.length) * USDT);
      expect((await checkLedger(pg.db())).violations).toEqual([]);

      // Every reservation ended twice at once (a deduct racing a return): exactly one end wins.
      const ends = await Promise.allSettled(
        reservations.flatMap((reservationId, i) => [
          (pools[i % pools.length] as Db).transaction((tx) =>
            deduct(tx, {
              ...common,
              reservationId,
              to: "withdrawals",
              billType: 203,
              fee: { amount: 1000n, billType: 205 },
            }),
          ),
          (pools[(i + 1) % pools.length] as Db).transaction((tx) =>
            returnReservation(tx, { ...common, reservationId, billType: 204 }),
          ),
        ]),
      );
      const ended = ends.filter((r) => r.status === "fulfilled");
      expect(ended).toHaveLength(reservations.length);
      for (const r of ends) {
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ReservationEndedError);
      }
      const [after] = await userBalances(pg.db(), userId);
      expect(after?.frozen).toBe("0");
      expect((await checkLedger(pg.db())).violations).toEqual([]);
    }, 120_000);

    it("the same Idempotency-Key sent 10 times at once makes one bill", async () => {
      const apps: FastifyInstance[] = [];
      try {
        for (let i = 0; i < 3; i++) apps.push(await buildTestApp({ db: pg.schema().open() }));
        const user = await createUserSession(pg.db());
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (apps[i % apps.length] as FastifyInstance).inject({
              method: "POST",
              url: `${API_BASE}/wallet/demo-credit`,
              headers: { ...bearer(user), "idempotency-key": "one-key" },
              payload: { amount: "25" },
            }),
          ),
        );
        for (const a of answers) expect(a.statusCode, a.body).toBe(200);
        const bills = answers.map((a) => a.json<{ Data: Bill }>().Data);
        expect(new Set(bills.map((b) => b.id)).size).toBe(1);
        const rows = await pg.db().query("SELECT id FROM bills WHERE user_id = $1", [user.userId]);
        expect(rows).toHaveLength(1);
        const [balance] = await userBalances(pg.db(), user.userId);
        expect(balance?.available).toBe("25000000");
        expect((await checkLedger(pg.db())).violations).toEqual([]);
      } finally {
        await Promise.all(apps.map((a) => a.close()));
      }
    }, 60_000);
  },
  { migrate: true },
);
