// Property test: random sequences of ledger operations — including ones that
// must be refused — run against the real ledger (PGlite) and a pure in-memory model. After every
// step the balances agree with the model, a refused operation changed nothing, and ledger:check
// finds every invariant of DESIGN §5 intact.
import fc from "fast-check";
import { beforeEach, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { userBalances } from "../../server/db/repositories/ledger-account-repository";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { sealAll } from "../../server/domain/ledger/seal-ledger";
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
import { createUserSession } from "./helpers/sessions";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();

type Op =
  | { op: "credit"; user: number; asset: Asset; amount: bigint }
  | { op: "debit"; user: number; asset: Asset; amount: bigint; fee: bigint }
  | { op: "freeze"; user: number; asset: Asset; amount: bigint }
  | { op: "deduct"; pick: number; fee: bigint }
  | { op: "return"; pick: number };

type Asset = "USDT" | "BTC";
const ASSETS: readonly Asset[] = ["USDT", "BTC"];
const USERS = 2;

// Small amounts collide with balances often, so refusals are common; big ones cross 2^53.
const amount = fc.oneof(
  fc.bigInt({ min: 1n, max: 1000n }),
  fc.bigInt({ min: 1n, max: 10n ** 20n }),
);
const user = fc.integer({ min: 0, max: USERS - 1 });
const asset = fc.constantFrom(...ASSETS);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("credit" as const), user, asset, amount }),
  fc.record({
    op: fc.constant("debit" as const),
    user,
    asset,
    amount,
    fee: fc.bigInt({ min: 0n, max: 50n }),
  }),
  fc.record({ op: fc.constant("freeze" as const), user, asset, amount }),
  fc.record({
    op: fc.constant("deduct" as const),
    pick: fc.nat(),
    fee: fc.bigInt({ min: 0n, max: 50n }),
  }),
  fc.record({ op: fc.constant("return" as const), pick: fc.nat() }),
);

interface Model {
  balances: Map<string, { available: bigint; frozen: bigint }>;
  reservations: { id: string; user: number; asset: Asset; amount: bigint; open: boolean }[];
  system: Map<string, bigint>;
  transactions: number;
}

const key = (u: number, a: Asset) => `${u}:${a}`;

function balance(model: Model, u: number, a: Asset) {
  const found = model.balances.get(key(u, a));
  if (found) return found;
  const fresh = { available: 0n, frozen: 0n };
  model.balances.set(key(u, a), fresh);
  return fresh;
}

function addSystem(model: Model, name: string, a: Asset, delta: bigint) {
  model.system.set(`${name}:${a}`, (model.system.get(`${name}:${a}`) ?? 0n) + delta);
}

/** Applies `op` to the model; answers the error the ledger must throw, or null. */
function applyToModel(model: Model, op: Op): "insufficient" | "ended" | "none" | null {
  switch (op.op) {
    case "credit":
      balance(model, op.user, op.asset).available += op.amount;
      addSystem(model, "demo-issuer", op.asset, -op.amount);
      break;
    case "debit": {
      const b = balance(model, op.user, op.asset);
      if (b.available < op.amount + op.fee) return "insufficient";
      b.available -= op.amount + op.fee;
      addSystem(model, "broker", op.asset, op.amount);
      addSystem(model, "fees", op.asset, op.fee);
      break;
    }
    case "freeze": {
      const b = balance(model, op.user, op.asset);
      if (b.available < op.amount) return "insufficient";
      b.available -= op.amount;
      b.frozen += op.amount;
      model.reservations.push({
        id: "",
        user: op.user,
        asset: op.asset,
        amount: op.amount,
        open: true,
      });
      break;
    }
    case "deduct":
    case "return": {
      const r = model.reservations[op.pick % Math.max(1, model.reservations.length)];
      if (r === undefined) return "none";
      if (!r.open) return "ended";
      const b = balance(model, r.user, r.asset);
      b.frozen -= r.amount;
      r.open = false;
      if (op.op === "return") b.available += r.amount;
      else {
        const fee = op.fee > r.amount ? r.amount : op.fee;
        addSystem(model, "withdrawals", r.asset, r.amount - fee);
        addSystem(model, "fees", r.asset, fee);
      }
      break;
    }
  }
  model.transactions += 1;
  return null;
}

async function applyToLedger(
  db: Db,
  users: string[],
  model: Model,
  op: Op,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const common = { kind: `test-${op.op}`, reference: "property test" };
    switch (op.op) {
      case "credit": {
        const userId = users[op.user] ?? "";
        await credit(tx, {
          ...common,
          userId,
          asset: op.asset,
          amount: op.amount,
          billType: 106,
          from: "demo-issuer",
        });
        return null;
      }
      case "debit": {
        const userId = users[op.user] ?? "";
        const fee = { amount: op.fee, billType: 205 as const };
        await debit(tx, {
          ...common,
          userId,
          asset: op.asset,
          amount: op.amount,
          billType: 202,
          to: "broker",
          fee,
        });
        return null;
      }
      case "freeze": {
        const userId = users[op.user] ?? "";
        const posted = await freeze(tx, {
          ...common,
          userId,
          asset: op.asset,
          amount: op.amount,
          billType: 201,
        });
        return posted.reservationId;
      }
      case "deduct":
      case "return": {
        const r = model.reservations[op.pick % Math.max(1, model.reservations.length)];
        if (r === undefined) return null;
        if (op.op === "return") {
          await returnReservation(tx, { ...common, reservationId: r.id, billType: 204 });
        } else {
          const fee = op.fee > r.amount ? r.amount : op.fee;
          await deduct(tx, {
            ...common,
            reservationId: r.id,
            to: "withdrawals",
            billType: 203,
            fee: { amount: fee, billType: 205 },
          });
        }
        return null;
      }
    }
  });
}

async function expectMatchesModel(db: Db, users: string[], model: Model) {
  for (const [index, userId] of users.entries()) {
    const rows = await userBalances(db, userId);
    for (const a of ASSETS) {
      const row = rows.find((r) => r.asset === a);
      const expected = model.balances.get(key(index, a)) ?? { available: 0n, frozen: 0n };
      expect({
        available: BigInt(row?.available ?? "0"),
        frozen: BigInt(row?.frozen ?? "0"),
      }).toEqual(expected);
    }
  }
  // Sound with the unsealed tail, then sealed: the system accounts hold what the model says.
  const unsealed = await checkLedger(db, { sealFirst: false });
  expect(unsealed.violations).toEqual([]);
  await sealAll(db);
  const system = await db.query<{ system: string; asset: string; available: string }>(
    "SELECT system, asset, available::text FROM ledger_accounts WHERE system IS NOT NULL AND available <> 0",
  );
  const actual = new Map(system.map((s) => [`${s.system}:${s.asset}`, BigInt(s.available)]));
  const expected = new Map([...model.system].filter(([, v]) => v !== 0n));
  expect(actual).toEqual(expected);
  const report = await checkLedger(db);
  expect(report.violations).toEqual([]);
  expect(report.transactions).toBe(String(model.transactions));
}

const EVERY_PATH: Op[] = [
  { op: "credit", user: 0, asset: "USDT", amount: 1000n },
  { op: "debit", user: 0, asset: "USDT", amount: 100n, fee: 5n },
  { op: "debit", user: 0, asset: "USDT", amount: 900n, fee: 0n },
  { op: "freeze", user: 0, asset: "USDT", amount: 300n },
  { op: "freeze", user: 0, asset: "USDT", amount: 596n },
  { op: "freeze", user: 1, asset: "BTC", amount: 1n },
  { op: "deduct", pick: 0, fee: 7n },
  { op: "deduct", pick: 0, fee: 0n },
  { op: "return", pick: 1 },
  { op: "return", pick: 0 },
  { op: "credit", user: 1, asset: "BTC", amount: 10n ** 20n },
  { op: "freeze", user: 1, asset: "BTC", amount: 10n ** 20n },
  { op: "deduct", pick: 2, fee: 50n },
];

beforeEach(async () => {
  await resetDb(getDb());
});

it("agrees with a pure model after every step, refusals included", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
      const db = getDb();
      await resetDb(db);
      const users = [(await createUserSession(db)).userId, (await createUserSession(db)).userId];
      const model: Model = {
        balances: new Map(),
        reservations: [],
        system: new Map(),
        transactions: 0,
      };
      for (const op of ops) {
        const expectedError = applyToModel(model, op);
        if (expectedError === "insufficient") {
          await expect(applyToLedger(db, users, model, op)).rejects.toBeInstanceOf(
            InsufficientBalanceError,
          );
        } else if (expectedError === "ended") {
          await expect(applyToLedger(db, users, model, op)).rejects.toBeInstanceOf(
            ReservationEndedError,
          );
        } else if (expectedError === null) {
          const reservationId = await applyToLedger(db, users, model, op);
          if (op.op === "freeze") {
            const opened = model.reservations.at(-1);
            if (!opened || reservationId === null) throw new Error("freeze opened no reservation");
            opened.id = reservationId;
          }
        }
        await expectMatchesModel(db, users, model);
      }
    }),
    // Always also run one sequence that exercises every path, refusals included.
    { numRuns: 25, examples: [[EVERY_PATH]] },
  );
}, 240_000);
