// Invitations end to end on PGlite: signin-wallet's inviteCode (first sign-in only, never an
// existing account's), GET /invite (masked invitees, totals, the rule), and backed rewards —
// earned when the rule is met, paid (bill 105) only from a funded promotions account, waiting
// while it is empty, once per invitee and once per identity; `promotions fund` refusals.
// The PostgreSQL races are in invite-rewards-race-postgres.test.ts.
import { beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { fundPromotions } from "../../server/domain/invite/promotions-fund";
import { runRewardPass } from "../../server/domain/invite/reward-worker";
import { DEFAULT_INVITE_RULE } from "../../server/domain/invite/invite-config";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { approveIdentity } from "../../server/domain/operators/identity-review";
import { cliActor } from "../../server/domain/operators/operator-actor";
import {
  approveIdentityOf,
  claimDemo,
  deposit,
  fund,
  giftBills,
  invitedUser,
  promotionsUnits,
  USDT,
} from "./helpers/invite";
import { createUserSession } from "./helpers/sessions";
import { ALICE, BOB, CAROL, signInAs } from "./helpers/siwe";
import { usePglite } from "./helpers/test-db";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";

const getDb = usePglite();
const app = useTestApp(getDb, { resetDbBeforeEach: true, rateLimit: NO_RATE_LIMIT });
const rule = DEFAULT_INVITE_RULE;
const pass = () => runRewardPass(getDb(), rule, { sweep: true });

async function inviteOf(token: string) {
  const response = await app.inject({
    method: "GET",
    url: `${API_BASE}/invite`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { Data: InviteData }).Data;
}

interface InviteData {
  code: string;
  link: string;
  invitees: number;
  verifiedInvitees: number;
  rewards: string;
  waitingRewards: number;
  rule: { reward: string; minDeposit: string; needsVerification: boolean };
  items: { address: string; joinedAt: string; verified: boolean; reward: string }[];
}

async function referrerOf(address: string): Promise<string | null> {
  const [row] = await getDb().query<{ referrer_id: string | null }>(
    "SELECT referrer_id::text AS referrer_id FROM users WHERE address = $1",
    [address.toLowerCase()],
  );
  return row?.referrer_id ?? null;
}

async function expectLedgerClean() {
  expect((await checkLedger(getDb())).violations).toEqual([]);
}

beforeEach(async () => {
  await claimDemo(getDb());
});

describe("signin-wallet inviteCode", () => {
  it("links a first sign-in to the code's owner, and GET /invite lists the invitee masked", async () => {
    const alice = await signInAs(app, ALICE);
    const code = (await inviteOf(alice)).code;
    await signInAs(app, BOB, code.toLowerCase());
    const aliceId = await referrerOf(BOB.address);
    expect(aliceId).not.toBeNull();

    const invite = await inviteOf(alice);
    expect(invite.link).toBe(`http://localhost:80/login?invite=${code}`.replace(":80", ""));
    expect(invite.invitees).toBe(1);
    expect(invite.verifiedInvitees).toBe(0);
    const bob = BOB.address.toLowerCase();
    expect(invite.items).toEqual([
      {
        address: `0x${bob.slice(2, 4)}…${bob.slice(-2)}`,
        joinedAt: expect.any(String) as string,
        verified: false,
        reward: "none",
      },
    ]);
    expect(JSON.stringify(invite)).not.toContain(bob.slice(2, 10));
    expect(invite.rule).toEqual({ reward: "5", minDeposit: "100", needsVerification: true });
  });

  it("ignores the code on any later sign-in, an unknown code, and one's own code", async () => {
    const alice = await signInAs(app, ALICE);
    const aliceCode = (await inviteOf(alice)).code;
    const bob = await signInAs(app, BOB, "NOSUCH00");
    expect(await referrerOf(BOB.address)).toBeNull();
    // Bob already has an account: Alice's code does not make him her invitee afterwards.
    await signInAs(app, BOB, aliceCode);
    expect(await referrerOf(BOB.address)).toBeNull();
    // Alice signing in again with her own code changes nothing either.
    await signInAs(app, ALICE, aliceCode);
    expect(await referrerOf(ALICE.address)).toBeNull();
    expect((await inviteOf(alice)).invitees).toBe(0);
    expect((await inviteOf(bob)).invitees).toBe(0);
    await signInAs(app, CAROL, aliceCode);
    expect((await inviteOf(alice)).invitees).toBe(1);
  });

  it("answers 401 without a session", async () => {
    const response = await app.inject({ method: "GET", url: `${API_BASE}/invite` });
    expect(response.statusCode).toBe(401);
  });
});

describe("backed rewards", () => {
  it("an empty budget pays nothing and creates no money; funding pays the waiting reward once", async () => {
    const db = getDb();
    const referrer = await createUserSession(db);
    const invitee = await invitedUser(db, referrer.userId, { idNumber: "P1234567" });
    await deposit(db, invitee.userId, 100n * USDT);

    expect(await pass()).toEqual(["waiting"]);
    expect(await giftBills(db, referrer.userId)).toEqual([]);
    expect(await promotionsUnits(db)).toBe(0n);
    let invite = await inviteOf(referrer.token);
    expect(invite).toMatchObject({ rewards: "0", waitingRewards: 1, verifiedInvitees: 1 });
    expect(invite.items[0]?.reward).toBe("waiting");
    await expectLedgerClean();

    await fund(db, "12.5");
    expect(await pass()).toEqual(["paid"]);
    expect(await pass()).toEqual([]);
    expect(await giftBills(db, referrer.userId)).toEqual([(5n * USDT).toString()]);
    expect(await promotionsUnits(db)).toBe(7_500_000n);
    invite = await inviteOf(referrer.token);
    expect(invite).toMatchObject({ rewards: "5", waitingRewards: 0 });
    expect(invite.items[0]?.reward).toBe("paid");
    // A later deposit of the invitee earns nothing more.
    await deposit(db, invitee.userId, 100n * USDT);
    expect(await pass()).toEqual([]);
    expect(await giftBills(db, referrer.userId)).toHaveLength(1);
    await expectLedgerClean();
  });

  it("waits for the rule: identity review and the total deposit", async () => {
    const db = getDb();
    await fund(db, "100");
    const referrer = await createUserSession(db);
    const unverified = await invitedUser(db, referrer.userId);
    const small = await invitedUser(db, referrer.userId, { idNumber: "S7654321" });
    await deposit(db, unverified.userId, 500n * USDT);
    await deposit(db, small.userId, 99_999_999n);
    expect(await pass()).toEqual(["not-met", "not-met"]);
    // The deposit that completes the total queues the check; the pass pays.
    await deposit(db, small.userId, 1n);
    expect(await runRewardPass(db, rule, { sweep: false })).toEqual(["paid"]);
    expect(await giftBills(db, referrer.userId)).toEqual([(5n * USDT).toString()]);
    await expectLedgerClean();
  });

  it("an identity approval queues the check (the event), and the pass pays it", async () => {
    const db = getDb();
    await fund(db, "5");
    const referrer = await createUserSession(db);
    const invitee = await invitedUser(db, referrer.userId);
    await deposit(db, invitee.userId, 100n * USDT);
    expect(await pass()).toEqual(["not-met"]);
    const [upload] = await db.query<{ id: string }>(
      `INSERT INTO uploads (user_id, purpose, mime, size, width, height, sha256)
       VALUES ($1, 'identity', 'image/png', 1, 1, 1, $2) RETURNING id`,
      [invitee.userId, "0".repeat(64)],
    );
    const [submission] = await db.query<{ id: string }>(
      `INSERT INTO identity_submissions (user_id, name, id_number, id_type, photo_upload_id)
       VALUES ($1, 'New Person', 'E5550001', 1, $2) RETURNING id::text AS id`,
      [invitee.userId, upload?.id ?? null],
    );
    await approveIdentity(db, cliActor("test"), submission?.id ?? "");
    expect(await runRewardPass(db, rule, { sweep: false })).toEqual(["paid"]);
    expect(await promotionsUnits(db)).toBe(0n);
  });

  it("counts an identity once across accounts, and never the referrer's own", async () => {
    const db = getDb();
    await fund(db, "100");
    const referrer = await createUserSession(db);
    await approveIdentityOf(db, referrer.userId, "R0000001");
    const first = await invitedUser(db, referrer.userId, { idNumber: "X1234567" });
    const second = await invitedUser(db, referrer.userId, { idNumber: "x 123-4567" });
    const own = await invitedUser(db, referrer.userId, { idNumber: "r0000001" });
    // Another referrer's invitee with the same ID number earns nothing either.
    const other = await createUserSession(db);
    const third = await invitedUser(db, other.userId, { idNumber: "X1234567" });
    for (const user of [first, second, own, third]) await deposit(db, user.userId, 100n * USDT);
    expect(await runRewardPass(db, rule, { sweep: false })).toEqual([
      "paid",
      "not-met",
      "not-met",
      "not-met",
    ]);
    expect(await giftBills(db, referrer.userId)).toHaveLength(1);
    expect(await giftBills(db, other.userId)).toHaveLength(0);
    await expectLedgerClean();
  });

  it("promotions fund refuses a bad amount and changes nothing", async () => {
    const db = getDb();
    for (const amount of ["0", "-1", "abc", "1.1234567", "1e3", ""]) {
      await expect(fundPromotions(db, cliActor("test"), amount)).rejects.toThrow();
    }
    expect(await promotionsUnits(db)).toBe(0n);
    const audits = await db.query("SELECT 1 FROM audit_log WHERE action = 'promotions.fund'");
    expect(audits).toHaveLength(0);
    await fund(db, "1");
    expect(await promotionsUnits(db)).toBe(USDT);
    await expectLedgerClean();
  });

  it("promotions fund refuses a database no server has claimed yet", async () => {
    const db = getDb();
    await db.exec("DROP TRIGGER instance_guard ON instance; UPDATE instance SET mode = NULL");
    await expect(fundPromotions(db, cliActor("test"), "10")).rejects.toThrow(/no mode yet/);
    expect(await promotionsUnits(db)).toBe(0n);
  });
});
