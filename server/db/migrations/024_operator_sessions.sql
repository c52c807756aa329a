-- Operators (issue 22): a role each, a second factor (TOTP, RFC 6238) with single-use recovery
-- codes, and sessions of their own, separate from wallet users' (8 h absolute, 30 min idle).

-- admin | reviewer | support (protocol/operators.ts); wallet users have none. Operators created
-- before roles existed could do everything: they stay admins.
ALTER TABLE users ADD COLUMN operator_role text
  CHECK (operator_role IN ('admin', 'reviewer', 'support'));
UPDATE users SET operator_role = 'admin' WHERE role = 'operator';
ALTER TABLE users ADD CONSTRAINT users_operator_has_role
  CHECK ((role = 'operator') = (operator_role IS NOT NULL));

-- One TOTP secret per operator: 20 random bytes in base32 (RFC 4226's recommended length).
-- Unconfirmed (confirmed_at NULL) until a code from it is typed back; enrolment may replace an
-- unconfirmed secret, never a confirmed one. last_used_step: the newest time step accepted, so
-- a code (or an older one of the window) cannot be used twice (RFC 6238 section 5.2).
-- The secret is kept readable: the server must compute codes from it. A copy of this table
-- alone signs nobody in (the password hash stands in the way).
CREATE TABLE operator_totp (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  secret text NOT NULL CHECK (secret ~ '^[A-Z2-7]{32}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  last_used_step bigint CHECK (last_used_step >= 0),
  CHECK (confirmed_at IS NOT NULL OR last_used_step IS NULL)
);

-- Ten per enrolment, shown once; stored as SHA-256 (each has 80 random bits, so a fast hash is
-- enough, as for session tokens). used_at: each works once.
CREATE TABLE operator_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  code_hash text NOT NULL UNIQUE CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX operator_recovery_codes_user ON operator_recovery_codes (user_id);

-- Operator sessions: the password starts one; second_factor_at is set when a TOTP or recovery
-- code passes (stage `ready`); until then its stage is `enrol` or `verify`, read from
-- operator_totp. second_factor_failures: wrong codes on this session; at the limit it ends.
CREATE TABLE operator_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  second_factor_at timestamptz,
  second_factor_failures integer NOT NULL DEFAULT 0 CHECK (second_factor_failures >= 0),
  revoked_at timestamptz
);
CREATE INDEX operator_sessions_user ON operator_sessions (user_id);

-- Operators' sessions from before this migration were password-only: they end now.
UPDATE sessions SET revoked_at = now()
 WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE role = 'operator');
