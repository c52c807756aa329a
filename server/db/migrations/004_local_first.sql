-- Local-first core (issue 4): the per-user change log the app syncs from, public content
-- (settings, links, articles) in every language, messages, e-mail subscriptions, stored
-- idempotent answers, and service-status probe results.

-- Every change to a user's private data appends one entry in the same transaction. `seq` counts
-- per user and is taken from change_heads, whose row lock orders a user's appends by commit:
-- a client that has read up to seq n can never later miss an entry numbered below n.
CREATE TABLE change_heads (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  seq bigint NOT NULL CHECK (seq > 0)
);

CREATE TABLE change_log (
  user_id bigint NOT NULL REFERENCES users (id),
  seq bigint NOT NULL CHECK (seq > 0),
  entity text NOT NULL CHECK (entity ~ '^[a-z][a-z-]{1,31}$'),
  entity_id text NOT NULL CHECK (length(entity_id) BETWEEN 1 AND 100),
  op text NOT NULL CHECK (op IN ('put', 'delete')),
  data jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, seq),
  CHECK ((op = 'delete') = (data IS NULL))
);
-- /sync skips entries a later entry of the same entity replaced; this index answers that.
CREATE INDEX change_log_entity ON change_log (user_id, entity, entity_id, seq);

-- Content. Ids are slugs shared by every language of the same item; `lang` uses the app's codes.
CREATE TABLE system_settings (
  alias text NOT NULL CHECK (alias ~ '^[a-z][a-z0-9-]{0,31}$'),
  lang text NOT NULL CHECK (lang IN ('en', 'de', 'es', 'fr', 'it', 'jp', 'ko', 'pt', 'tc', 'th', 'vi')),
  dataset jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alias, lang)
);

CREATE TABLE links (
  id text NOT NULL CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  lang text NOT NULL CHECK (lang IN ('en', 'de', 'es', 'fr', 'it', 'jp', 'ko', 'pt', 'tc', 'th', 'vi')),
  alias text NOT NULL CHECK (alias IN ('live-chat', 'messaging-app', 'help-centre',
    'community-guidelines', 'user-agreement', 'privacy-policy', 'partner')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- An https page, a mailto: address, or an in-app path; never javascript: or plain http.
  url text NOT NULL CHECK (url ~ '^(https://|mailto:|/)' AND length(url) <= 2000),
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id, lang)
);

CREATE TABLE articles (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  category text NOT NULL CHECK (category IN ('news', 'help', 'agreement')),
  cover text CHECK (cover ~ '^/content/[a-z0-9][a-z0-9._-]{0,100}$'),
  sort integer NOT NULL DEFAULT 0,
  -- 'seed' rows come from the repository's content and are refreshed when it changes, until an
  -- operator edits them ('operator'), after which the operator's text is kept.
  origin text NOT NULL DEFAULT 'operator' CHECK (origin IN ('seed', 'operator')),
  published_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX articles_list ON articles (category, published_at DESC, id);

-- One text per language; a language without its own text is served in English.
CREATE TABLE article_texts (
  article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN ('en', 'de', 'es', 'fr', 'it', 'jp', 'ko', 'pt', 'tc', 'th', 'vi')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  summary text NOT NULL CHECK (length(summary) <= 500),
  body text NOT NULL CHECK (length(body) <= 200000),
  PRIMARY KEY (article_id, lang)
);

-- Messages to one user. System messages have a kind (the app words them in the reader's
-- language from kind + params); an operator's message has none and is shown as written.
CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text CHECK (kind IN ('welcome', 'identity-passed', 'identity-rejected')),
  params jsonb NOT NULL DEFAULT '{}',
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  sender_id bigint REFERENCES users (id),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_user ON messages (user_id, id DESC);

-- POST /system/subscribe is idempotent per address: one row per e-mail, ever.
CREATE TABLE email_subscriptions (
  email text PRIMARY KEY CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  user_id bigint REFERENCES users (id),
  lang text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Stored answers of POSTs that carry an Idempotency-Key (API.md): same key + same body answers
-- the stored response; a different body is 409. Scope is the user ("u:<id>") or "public".
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  route text NOT NULL,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, route, key)
);

-- Service status (GET /system/status): each probe's latest state, and hourly counts for uptime.
CREATE TABLE status_current (
  key text PRIMARY KEY CHECK (key IN ('web', 'lab', 'community', 'coding', 'backtest', 'live',
    'optimise', 'api')),
  state text NOT NULL CHECK (state IN ('up', 'degraded', 'down')),
  detail text,
  since timestamptz NOT NULL,
  checked_at timestamptz NOT NULL
);

CREATE TABLE status_hourly (
  key text NOT NULL,
  hour timestamptz NOT NULL,
  up integer NOT NULL DEFAULT 0 CHECK (up >= 0),
  total integer NOT NULL DEFAULT 0 CHECK (total >= up),
  PRIMARY KEY (key, hour)
);
