-- A recharge or withdrawal that ends tells its user (server/domain/wallet/wallet-messages.ts):
-- four more system message kinds, worded by the app from kind + params (protocol/messages.ts).

ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN (
  'welcome', 'identity-passed', 'identity-rejected',
  'recharge-credited', 'recharge-rejected', 'withdrawal-sent', 'withdrawal-returned'
));
