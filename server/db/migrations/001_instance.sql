-- The identity of this Quanta database: exactly one row, written here, never deleted.
-- `mode` is claimed by the first server that starts on it and can never change afterwards, so a
-- demo database (which holds demo funds) is never served by a production server, nor the reverse.
CREATE TABLE instance (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  only_row boolean NOT NULL DEFAULT true UNIQUE CHECK (only_row),
  mode text CHECK (mode IN ('demo', 'production')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION instance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'the instance row is never deleted';
  END IF;
  IF NEW.id <> OLD.id OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'the instance id and created_at never change';
  END IF;
  IF OLD.mode IS NOT NULL AND NEW.mode IS DISTINCT FROM OLD.mode THEN
    RAISE EXCEPTION 'the instance mode is % and never changes', OLD.mode;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER instance_guard
  BEFORE UPDATE OR DELETE ON instance
  FOR EACH ROW EXECUTE FUNCTION instance_guard();

INSERT INTO instance DEFAULT VALUES;
