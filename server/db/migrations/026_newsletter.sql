-- The newsletter (issue 22): double opt-in subscriptions, signed unsubscribe links, a table-backed
-- mail queue and the demo SMTP sink's mailbox. server/domain/newsletter/README.md has the rules.

-- A subscription is pending until the link in its confirmation mail is opened; only confirmed
-- addresses get newsletters. Rows from before double opt-in never confirmed: they stay pending.
-- confirm_token_hash: sha256 (hex) of the random token in the confirmation link, never the token.
ALTER TABLE email_subscriptions
  ADD COLUMN status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  ADD COLUMN confirm_token_hash text UNIQUE CHECK (confirm_token_hash ~ '^[0-9a-f]{64}$'),
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN unsubscribed_at timestamptz,
  ADD CONSTRAINT email_subscriptions_confirmed CHECK ((status = 'confirmed') = (confirmed_at IS NOT NULL));

-- The key of the unsubscribe links' HMAC: one row, made here from the database's random UUIDs
-- (two v4 UUIDs: 244 random bits), so every server process on this database signs alike.
CREATE TABLE mail_link_key (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  secret text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
);
INSERT INTO mail_link_key DEFAULT VALUES;

-- A newsletter as an operator sent it (the audit log says who; recipients counted at sending).
CREATE TABLE newsletters (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
  sender_label text NOT NULL,
  recipients integer NOT NULL CHECK (recipients >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The mail queue: one row per mail to send. A newsletter's rows are written in the transaction
-- that records it (UNIQUE: one per subscriber); a confirmation's in the subscription's. A worker
-- claims a row (queued → sending, with a lease), sends it, then marks it sent; a lease that ran
-- out (the process died mid-send) puts it back in the queue. The body is rendered at sending, so
-- the unsubscribe link is always the current one.
CREATE TABLE mail_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('confirmation', 'newsletter')),
  email text NOT NULL CHECK (email = lower(email)),
  newsletter_id bigint REFERENCES newsletters (id),
  -- Confirmation mails carry the token itself (the link needs it); sent ones drop it.
  confirm_token text,
  lang text,
  -- skipped: the address unsubscribed (or, for a confirmation, confirmed) before its turn came.
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  not_before timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (newsletter_id, email),
  CHECK ((kind = 'newsletter') = (newsletter_id IS NOT NULL)),
  CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);
CREATE INDEX mail_queue_due ON mail_queue (not_before, id) WHERE status IN ('queued', 'sending');

-- Demo only: what the in-process SMTP sink received, for operators to read (GET /admin/mailbox).
CREATE TABLE demo_mailbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mail_from text NOT NULL,
  rcpt_to text[] NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  message_id text,
  received_at timestamptz NOT NULL DEFAULT now()
);
