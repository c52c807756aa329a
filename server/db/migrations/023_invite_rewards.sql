-- Invitation rewards (issue 21, DESIGN §1): bill 105 "gift bonus", paid to the referrer from the
-- `promotions` system account, which operators fund from real money (`npm run admin --
-- promotions fund`). A reward never creates money: with an empty budget it waits.

-- The promotions account, one per asset like every system account (migration 006).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_system_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_system_check CHECK (system IN (
  'deposits', 'withdrawals', 'fees', 'broker', 'options-pool', 'contract-pool', 'plan-pool',
  'demo-issuer', 'promotions'));
INSERT INTO ledger_accounts (asset, system)
  SELECT code, 'promotions' FROM assets
  ON CONFLICT (system, asset) WHERE system IS NOT NULL DO NOTHING;

-- One row per invitee whose referrer earned the reward (the rule was met), paid or waiting.
-- identity_key: sha256 of the invitee's normalised ID number when they passed identity review,
-- so one person counts once however many wallets they sign in with (UNIQUE; NULLs are distinct
-- and only occur under a rule that does not ask for identity review). The hash, not the number:
-- this table need not hold anyone's ID.
CREATE TABLE invite_rewards (
  invitee_id bigint PRIMARY KEY REFERENCES users (id),
  referrer_id bigint NOT NULL REFERENCES users (id),
  identity_key text UNIQUE CHECK (identity_key ~ '^[0-9a-f]+$' AND length(identity_key) = 64),
  asset text NOT NULL REFERENCES assets (code),
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  earned_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  transaction_id bigint UNIQUE REFERENCES ledger_transactions (id),
  CHECK (referrer_id <> invitee_id),
  CHECK ((paid_at IS NULL) = (transaction_id IS NULL))
);
CREATE INDEX invite_rewards_referrer ON invite_rewards (referrer_id);
CREATE INDEX invite_rewards_waiting ON invite_rewards (earned_at) WHERE paid_at IS NULL;

-- Invitees to look at again: written in the transaction of the event that may meet the rule
-- (identity approved, deposit credited), drained by the payer (domain/invite/reward-payer.ts).
CREATE TABLE invite_reward_checks (
  invitee_id bigint PRIMARY KEY REFERENCES users (id),
  queued_at timestamptz NOT NULL DEFAULT now()
);

-- GET /invite lists a referrer's invitees.
CREATE INDEX users_referrer ON users (referrer_id, id) WHERE referrer_id IS NOT NULL;
