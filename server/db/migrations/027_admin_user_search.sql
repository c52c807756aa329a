-- Operator user search (issue 22): address prefixes use this index (the UNIQUE one serves `=`
-- only, unless the database collation is C), and each listed user's last lock is read from the
-- audit log by its target, newest first, instead of scanning the whole log.
CREATE INDEX users_address_prefix ON users (address text_pattern_ops) WHERE address IS NOT NULL;
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, id);
