-- Operators' TOTP secrets are stored sealed (AES-256-GCM under OPERATOR_SECRET_KEY,
-- server/domain/auth/totp-secret-box.ts): "v1.<iv>.<tag>.<ciphertext>" in base64url. SQL cannot
-- encrypt without the key, so rows from before this migration stay in clear until the server's
-- next start seals them (domain/auth/operator-secrets.ts, one transaction); until then the CHECK
-- admits both forms, and new rows are only ever written sealed.
ALTER TABLE operator_totp DROP CONSTRAINT operator_totp_secret_check;
ALTER TABLE operator_totp ADD CONSTRAINT operator_totp_secret_form CHECK (
  secret ~ '^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$'
  OR secret ~ '^[A-Z2-7]{32}$'
);
