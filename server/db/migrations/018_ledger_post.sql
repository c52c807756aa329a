-- A whole posting in one call (issue 19, server/domain/ledger/README.md "One call per posting").
-- Until now a posting was four round trips inside the caller's transaction — lock the users'
-- change-log heads, lock the accounts and take an id, check the reservation, write — and the
-- domain computed balances and bills in between. ledger_post does the same steps, in the same
-- order and with the same locks, inside the database: one statement per posting. Nothing it
-- records changed: the transaction and its legs, its place in the sealer's queue, the users'
-- balances (CHECKs >= 0), the reservation opened or ended, the bills and their change-log
-- entries. The chain stays the sealer's (migration 008).
--
-- A refusal (insufficient balance, a reservation that has ended, a user without a change log yet)
-- is an answer, not an exception: it comes before the first write and leaves the caller's
-- transaction usable, as the domain's refusals always did.

-- Units as the API writes them (protocol/decimal.ts formatUnits): no trailing zeros, no point for
-- a whole number, "-" for a negative amount. Exact whatever the size: a product of numerics has
-- every digit of both (1e-<scale> is exact too), trim_scale only drops trailing zeros. One
-- expression, so PostgreSQL inlines it where it is used instead of running a function per row.
CREATE FUNCTION ledger_units_text(p_units numeric, p_scale smallint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT trim_scale(p_units * ('1e-' || p_scale::text)::numeric)::text
$$;

-- The bill as the API answers it (domain/ledger/bill-view.ts), which is also its change-log
-- entry. One expression, inlined like ledger_units_text (STABLE: to_char reads settings).
CREATE FUNCTION ledger_bill_json(
  p_id bigint, p_type smallint, p_asset text, p_scale smallint, p_amount numeric,
  p_balance_after numeric, p_ref_kind text, p_ref_id text, p_created_at timestamptz
) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', p_id::text, 'type', p_type, 'asset', p_asset,
    'amount', ledger_units_text(p_amount, p_scale),
    'balanceAfter', ledger_units_text(p_balance_after, p_scale),
    'ref', jsonb_build_object('kind', p_ref_kind, 'id', p_ref_id),
    'createdAt', to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;

-- One posting. Legs are parallel arrays in leg order: a user leg names leg_user (leg_system
-- null), a system leg leg_system; amounts are signed units; a leg with a bill_type is a bill,
-- whose ref is (ref_kind, ref_id) or, when null, (kind, the transaction's id). `users` are the
-- legs' users, distinct and ascending (checked). The domain has checked the rest of the shape:
-- legs sum to 0 per asset, system legs are in available, bills are on user legs.
-- Answers jsonb:
--   {"status": "posted", "transactionId", "reservationId", "bills": [bill…], "appended": ["u:seq"…]}
--   {"status": "no-log", "users": [id…]}  users without a change log: nothing locked or written
--   {"status": "ended"}                   the reservation to end has ended
--   {"status": "insufficient", "asset", "scale", "available", "needed"}  units, as text
--
-- Cost: every SQL statement here is an executor run, so there are few (lock the heads; find the
-- accounts; lock them; the reservation's end, when it ends one; one statement of every write),
-- and arithmetic happens in PL/pgSQL expressions between them, which need no executor.
CREATE FUNCTION ledger_post(
  p_kind text, p_reference text, p_created_at_ms bigint, p_users bigint[],
  p_leg_user bigint[], p_leg_system text[], p_leg_asset text[], p_leg_bucket text[],
  p_leg_amount numeric[], p_leg_bill_type smallint[], p_leg_ref_kind text[], p_leg_ref_id text[],
  p_opens_user bigint, p_opens_system text, p_opens_asset text, p_opens_amount numeric,
  p_ends_reservation bigint, p_ends_outcome text
) RETURNS jsonb LANGUAGE plpgsql
-- Every statement here finds rows by key. Its plans are made once per connection (generic):
-- with arrays as parameters the custom plans look cheaper, so PostgreSQL would otherwise plan
-- each statement again on every call (a third of a posting's time). And never a sequential
-- scan: a generic plan made while a table is small (a new install) would scan it on every call
-- from then on, however large it grows.
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  v_n integer := cardinality(p_leg_amount);
  v_created_at timestamptz(3) := timestamptz 'epoch' + p_created_at_ms * interval '1 millisecond';
  -- The accounts the posting names: its legs' (1..n), then the one whose reservation it opens.
  v_ref_user bigint[] := p_leg_user || p_opens_user;
  v_ref_system text[] := p_leg_system || p_opens_system;
  v_ref_asset text[] := p_leg_asset || p_opens_asset;
  v_account bigint[];
  -- The user accounts, ascending id: balances before and after, asset, scale, whether touched.
  v_ids bigint[] := '{}';
  v_available numeric[];
  v_frozen numeric[];
  v_asset text[];
  v_scale smallint[];
  v_next_available numeric[];
  v_next_frozen numeric[];
  v_touched bigint[] := '{}';
  v_id bigint;
  v_locked integer;
  v_at integer;
  v_tx bigint;
  -- Per leg (null for a leg without a bill): the bill's balance after and scale.
  v_bill_after numeric[] := '{}';
  v_bill_scale smallint[] := '{}';
  v_bill_users bigint[] := '{}';
  v_answer jsonb;
BEGIN
  IF v_n IS NULL OR v_n = 0 OR cardinality(p_leg_user) IS DISTINCT FROM v_n
     OR cardinality(p_leg_system) IS DISTINCT FROM v_n
     OR cardinality(p_leg_asset) IS DISTINCT FROM v_n
     OR cardinality(p_leg_bucket) IS DISTINCT FROM v_n
     OR cardinality(p_leg_bill_type) IS DISTINCT FROM v_n
     OR cardinality(p_leg_ref_kind) IS DISTINCT FROM v_n
     OR cardinality(p_leg_ref_id) IS DISTINCT FROM v_n THEN
    RAISE EXCEPTION 'ledger_post %: legs given as arrays of different lengths', p_kind;
  END IF;
  FOR i IN 1..coalesce(cardinality(p_users), 0) LOOP
    IF p_users[i] IS NULL OR (i > 1 AND p_users[i] <= p_users[i - 1])
       OR NOT p_users[i] = ANY (p_leg_user) THEN
      RAISE EXCEPTION 'ledger_post %: users must be the legs'' users, ascending', p_kind;
    END IF;
  END LOOP;
  FOR i IN 1..v_n LOOP
    IF p_leg_user[i] IS NOT NULL AND NOT p_leg_user[i] = ANY (p_users) THEN
      RAISE EXCEPTION 'ledger_post %: user % of leg % is not among the users', p_kind,
        p_leg_user[i], i - 1;
    END IF;
  END LOOP;

  -- 1. The users' change-log heads, ascending id (a bill is a change-log entry; this is the lock
  -- order of every transaction that records changes and moves money). Only when every user has
  -- a log: otherwise nothing is locked, and the domain starts the missing logs and calls again.
  IF cardinality(p_users) > 0 THEN
    SELECT count(*) INTO v_locked FROM (
      SELECT FROM change_heads h
       WHERE h.user_id = ANY (p_users)
         AND (SELECT count(*) FROM change_heads c WHERE c.user_id = ANY (p_users))
             = cardinality(p_users)
       ORDER BY h.user_id FOR UPDATE) heads;
    IF v_locked <> cardinality(p_users) THEN
      RETURN jsonb_build_object('status', 'no-log', 'users', (
        SELECT jsonb_agg(u::text ORDER BY u) FROM unnest(p_users) AS u
         WHERE NOT EXISTS (SELECT FROM change_heads h WHERE h.user_id = u)));
    END IF;
  END IF;

  -- 2. The accounts. A missing one (an owner's first posting in an asset) is created before any
  -- account is locked, so no account lock is ever held while waiting on a concurrent creator.
  FOR v_attempt IN 1..2 LOOP
    v_account := ARRAY(
      SELECT CASE WHEN r.u IS NOT NULL
               THEN (SELECT a.id FROM ledger_accounts a WHERE a.user_id = r.u AND a.asset = r.asset)
               ELSE (SELECT a.id FROM ledger_accounts a WHERE a.system = r.s AND a.asset = r.asset)
             END
        FROM unnest(v_ref_user, v_ref_system, v_ref_asset) WITH ORDINALITY AS r (u, s, asset, i)
       ORDER BY r.i);
    EXIT WHEN array_position(v_account[1:v_n], NULL) IS NULL
          AND (p_opens_asset IS NULL OR v_account[v_n + 1] IS NOT NULL);
    IF v_attempt = 2 THEN
      RAISE EXCEPTION 'ledger_post %: accounts missing after creating them', p_kind;
    END IF;
    INSERT INTO ledger_accounts (asset, user_id)
      SELECT DISTINCT r.asset, r.u FROM unnest(v_ref_user, v_ref_asset) AS r (u, asset)
       WHERE r.u IS NOT NULL AND r.asset IS NOT NULL
      ON CONFLICT (user_id, asset) WHERE user_id IS NOT NULL DO NOTHING;
    INSERT INTO ledger_accounts (asset, system)
      SELECT DISTINCT r.asset, r.s FROM unnest(v_ref_system, v_ref_asset) AS r (s, asset)
       WHERE r.s IS NOT NULL AND r.asset IS NOT NULL
      ON CONFLICT (system, asset) WHERE system IS NOT NULL DO NOTHING;
  END LOOP;
  FOR i IN 1..v_n + 1 LOOP
    IF v_ref_user[i] IS NOT NULL AND array_position(v_ids, v_account[i]) IS NULL THEN
      v_ids := v_ids || v_account[i];
    END IF;
  END LOOP;

  -- The user accounts, locked in ascending id order until commit (the one order of every
  -- posting: no deadlocks). System accounts are not locked: their balances are the sealer's.
  SELECT coalesce(array_agg(a.id), '{}'), array_agg(a.available), array_agg(a.frozen),
         array_agg(a.asset), array_agg(a.scale)
    INTO v_ids, v_available, v_frozen, v_asset, v_scale
    FROM (SELECT l.id, l.available, l.frozen, l.asset,
                 (SELECT s.scale FROM assets s WHERE s.code = l.asset) AS scale
            FROM ledger_accounts l WHERE l.id = ANY (v_ids) ORDER BY l.id FOR UPDATE OF l) a;

  -- 3. A reservation that ended meanwhile also leaves frozen short, so its refusal comes first.
  -- Read after the lock: a concurrent end has committed (seen here) or waits behind us.
  IF p_ends_reservation IS NOT NULL THEN
    PERFORM FROM ledger_reservation_ends e WHERE e.reservation_id = p_ends_reservation;
    IF FOUND THEN
      RETURN jsonb_build_object('status', 'ended');
    END IF;
  END IF;

  -- 4. Balances after the legs. A user's available may not fall below zero: the first such
  -- account in leg order is the refusal. Negative frozen funds are a bug, never a user's error.
  v_next_available := v_available;
  v_next_frozen := v_frozen;
  FOR i IN 1..v_n LOOP
    IF p_leg_user[i] IS NOT NULL THEN
      v_at := array_position(v_ids, v_account[i]);
      IF p_leg_bucket[i] = 'available' THEN
        v_next_available[v_at] := v_next_available[v_at] + p_leg_amount[i];
      ELSE
        v_next_frozen[v_at] := v_next_frozen[v_at] + p_leg_amount[i];
      END IF;
      IF array_position(v_touched, v_account[i]) IS NULL THEN
        v_touched := v_touched || v_account[i];
      END IF;
    END IF;
  END LOOP;
  FOREACH v_id IN ARRAY v_touched LOOP
    v_at := array_position(v_ids, v_id);
    IF v_next_frozen[v_at] < 0 THEN
      RAISE EXCEPTION 'ledger_post %: account % would have negative frozen funds', p_kind, v_id;
    END IF;
    IF v_next_available[v_at] < 0 THEN
      RETURN jsonb_build_object('status', 'insufficient', 'asset', v_asset[v_at],
        'scale', v_scale[v_at], 'available', v_available[v_at]::text,
        'needed', (v_available[v_at] - v_next_available[v_at])::text);
    END IF;
  END LOOP;
  FOR i IN 1..v_n LOOP
    IF p_leg_bill_type[i] IS NULL THEN
      v_bill_after := v_bill_after || NULL::numeric;
      v_bill_scale := v_bill_scale || NULL::smallint;
    ELSE
      v_at := array_position(v_ids, v_account[i]);
      v_bill_after := v_bill_after || v_next_available[v_at];
      v_bill_scale := v_bill_scale || v_scale[v_at];
      IF array_position(v_bill_users, p_leg_user[i]) IS NULL THEN
        v_bill_users := v_bill_users || p_leg_user[i];
      END IF;
    END IF;
  END LOOP;

  -- 5. Every write in one statement (its parts see none of each other's rows; foreign keys are
  -- checked at its end, when all are there). The id is taken here, so a refusal spends none.
  -- The bills (balance_after: the account's available after the whole transaction) get their
  -- change-log entries at the user's next seqs in bill order, as appendChangesSql
  -- (db/repositories/change-log-repository.ts) appends any other batch of entries.
  v_tx := nextval('ledger_transaction_ids');
  WITH transaction_row AS (
    INSERT INTO ledger_transactions (id, kind, reference, created_at)
    VALUES (v_tx, p_kind, p_reference, v_created_at)
  ),
  queued AS (
    INSERT INTO ledger_unsealed (transaction_id) VALUES (v_tx)
  ),
  leg_rows AS (
    INSERT INTO ledger_entries (transaction_id, leg, account_id, bucket, amount)
    SELECT v_tx, l.i - 1, l.id, l.bucket, l.amount
      FROM unnest(v_account[1:v_n], p_leg_bucket, p_leg_amount)
             WITH ORDINALITY AS l (id, bucket, amount, i)
  ),
  balances AS (
    UPDATE ledger_accounts a
       SET available = v_next_available[array_position(v_ids, a.id)],
           frozen = v_next_frozen[array_position(v_ids, a.id)]
     WHERE a.id = ANY (v_touched)
  ),
  opened AS (
    INSERT INTO ledger_reservations (account_id, amount, opened_by)
    SELECT v_account[v_n + 1], p_opens_amount, v_tx WHERE p_opens_amount IS NOT NULL
    RETURNING id
  ),
  ended AS (
    INSERT INTO ledger_reservation_ends (reservation_id, outcome, ended_by)
    SELECT p_ends_reservation, p_ends_outcome, v_tx WHERE p_ends_reservation IS NOT NULL
  ),
  bill_rows AS (
    INSERT INTO bills (user_id, type, asset, amount, balance_after, ref_kind, ref_id,
                       transaction_id, leg, created_at)
    SELECT l.u, l.type, l.asset, l.amount, l.after, coalesce(l.ref_kind, p_kind),
           coalesce(l.ref_id, v_tx::text), v_tx, l.i - 1, v_created_at
      FROM unnest(p_leg_user, p_leg_asset, p_leg_amount, p_leg_bill_type, v_bill_after,
                  p_leg_ref_kind, p_leg_ref_id)
             WITH ORDINALITY AS l (u, asset, amount, type, after, ref_kind, ref_id, i)
     WHERE l.type IS NOT NULL
     ORDER BY l.i
    RETURNING id, user_id, type, asset, amount, balance_after, ref_kind, ref_id, leg
  ),
  bill_entries AS (
    SELECT b.user_id, row_number() OVER (PARTITION BY b.user_id ORDER BY b.id) AS ord, b.id,
           ledger_bill_json(b.id, b.type, b.asset, v_bill_scale[b.leg + 1], b.amount,
                            b.balance_after, b.ref_kind, b.ref_id, v_created_at) AS data
      FROM bill_rows b
  ),
  heads AS (
    UPDATE change_heads h
       SET seq = h.seq + (SELECT count(*) FROM bill_entries e WHERE e.user_id = h.user_id)
     WHERE h.user_id = ANY (v_bill_users)
    RETURNING h.user_id,
              h.seq - (SELECT count(*) FROM bill_entries e WHERE e.user_id = h.user_id) AS base
  ),
  appended AS (
    INSERT INTO change_log (user_id, seq, entity, entity_id, op, data)
    SELECT e.user_id, h.base + e.ord, 'bill', e.id::text, 'put', e.data
      FROM bill_entries e JOIN heads h ON h.user_id = e.user_id
    RETURNING user_id, seq
  )
  SELECT jsonb_build_object(
           'status', 'posted', 'transactionId', v_tx::text,
           'reservationId', (SELECT o.id::text FROM opened o),
           'bills', coalesce((SELECT jsonb_agg(e.data ORDER BY e.id) FROM bill_entries e), '[]'),
           'appended', coalesce((SELECT jsonb_agg(p.user_id || ':' || p.seq
                                                  ORDER BY p.user_id, p.seq)
                                   FROM appended p), '[]'))
    INTO v_answer;
  RETURN v_answer;
END;
$$;

-- The same CHECKs, written so PostgreSQL's regex engine does not expand a counted repetition on
-- every row: '^[0-9a-f]{64}$' took ~40 µs per value (two per sealed transaction), the {1,31}
-- kinds ~7–10 µs (one per transaction, bill and change-log entry); these take ~1–2 µs. Each
-- accepts exactly what it replaces: all characters are single ASCII ones, so the length bounds
-- the repetition.
ALTER TABLE ledger_chain
  DROP CONSTRAINT ledger_chain_hash_check,
  ADD CONSTRAINT ledger_chain_hash_check CHECK (length(hash) = 64 AND hash !~ '[^0-9a-f]'),
  DROP CONSTRAINT ledger_chain_prev_hash_check,
  ADD CONSTRAINT ledger_chain_prev_hash_check
    CHECK (length(prev_hash) = 64 AND prev_hash !~ '[^0-9a-f]');
ALTER TABLE ledger_head
  DROP CONSTRAINT ledger_head_last_hash_check,
  ADD CONSTRAINT ledger_head_last_hash_check
    CHECK (length(last_hash) = 64 AND last_hash !~ '[^0-9a-f]');
ALTER TABLE ledger_transactions
  DROP CONSTRAINT ledger_transactions_kind_check,
  ADD CONSTRAINT ledger_transactions_kind_check
    CHECK (length(kind) BETWEEN 2 AND 32 AND kind ~ '^[a-z][a-z0-9-]*$');
ALTER TABLE bills
  DROP CONSTRAINT bills_ref_kind_check,
  ADD CONSTRAINT bills_ref_kind_check
    CHECK (length(ref_kind) BETWEEN 2 AND 32 AND ref_kind ~ '^[a-z][a-z0-9-]*$');
ALTER TABLE change_log
  DROP CONSTRAINT change_log_entity_check,
  ADD CONSTRAINT change_log_entity_check
    CHECK (length(entity) BETWEEN 2 AND 32 AND entity ~ '^[a-z][a-z-]*$');
