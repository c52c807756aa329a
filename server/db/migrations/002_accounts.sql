-- Accounts (issue: sign in with a wallet). Wallet users are identified by their address
-- (lower-case hex); operators by a username with a scrypt password hash. Tokens are stored only
-- as SHA-256 hashes; a session ends at its absolute expiry, after an idle period, or on logout.
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address text UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
  username text UNIQUE CHECK (username ~ '^[a-z0-9_.-]{3,32}$'),
  password_hash text,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'operator')),
  name text,
  avatar text,
  locked boolean NOT NULL DEFAULT false,
  invite_code text NOT NULL UNIQUE CHECK (invite_code ~ '^[A-Z0-9]{8}$'),
  referrer_id bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (address IS NOT NULL OR username IS NOT NULL),
  -- Operators sign in with a password; wallet users never have one.
  CHECK ((role = 'operator') = (password_hash IS NOT NULL))
);

CREATE TABLE auth_nonces (
  nonce text PRIMARY KEY CHECK (length(nonce) >= 16),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_nonces_expires ON auth_nonces (expires_at);

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failed password sign-ins, for brute-force limits per username and per client address.
CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_username ON login_failures (username, created_at);
CREATE INDEX login_failures_ip ON login_failures (ip, created_at);

-- Every operator action: who, what, on what, when. Append-only.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint REFERENCES users (id),
  actor_label text NOT NULL,
  action text NOT NULL,
  target_kind text,
  target_id text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
