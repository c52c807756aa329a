-- Uploaded images (identity photos, recharge vouchers) and identity verification submissions.
-- Files live under DATA_DIR with server-made names; this table says whose they are.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id bigint NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('identity', 'voucher')),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  size integer NOT NULL CHECK (size > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user ON uploads (user_id, created_at);

-- Statuses: 0 under review, 1 passed, 2 rejected (API.md). One submission under review at a time.
CREATE TABLE identity_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  id_number text NOT NULL CHECK (length(id_number) BETWEEN 4 AND 40),
  id_type smallint NOT NULL CHECK (id_type BETWEEN 0 AND 3),
  photo_upload_id uuid NOT NULL REFERENCES uploads (id),
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  reason text CHECK (length(reason) BETWEEN 1 AND 500),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  reviewer_id bigint REFERENCES users (id),
  -- The outbox retries with the same Idempotency-Key (DESIGN §3): the key and a hash of the
  -- request find the earlier answer instead of creating a second submission.
  idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_hash text CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  CHECK ((status = 2) = (reason IS NOT NULL)),
  CHECK ((status = 0) = (reviewed_at IS NULL)),
  CHECK ((idempotency_key IS NULL) = (request_hash IS NULL))
);
CREATE UNIQUE INDEX identity_one_under_review ON identity_submissions (user_id) WHERE status = 0;
CREATE UNIQUE INDEX identity_idempotency ON identity_submissions (user_id, idempotency_key);
CREATE INDEX identity_by_status ON identity_submissions (status, submitted_at);
