-- A limit order the book already crosses fills at once as a taker (server/domain/spot/README.md):
-- it pays from available like a market order, so it holds no reservation, and each fill says
-- whether it took the book's prices (taker) or rested and filled at its own price (maker).

-- Was: a limit order always has a reservation. Now a limit order filled at placement has none;
-- every other limit order still has one (open, cancelled, or filled on the matcher).
ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_check1;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_reservation_check CHECK (
  (type = 0 AND reservation_id IS NULL)
  OR (type = 1 AND (reservation_id IS NOT NULL OR status = 'filled'))
);

ALTER TABLE spot_fills ADD COLUMN liquidity text CHECK (liquidity IN ('taker', 'maker'));
-- Fills are append-only; this one backfill states what every earlier fill was: market orders
-- took the book (taker), limit orders could only rest and fill at their price (maker).
ALTER TABLE spot_fills DISABLE TRIGGER spot_fills_append_only;
UPDATE spot_fills f SET liquidity = CASE o.type WHEN 0 THEN 'taker' ELSE 'maker' END
  FROM spot_orders o WHERE o.id = f.order_id;
ALTER TABLE spot_fills ENABLE TRIGGER spot_fills_append_only;
ALTER TABLE spot_fills ALTER COLUMN liquidity SET NOT NULL;
-- A market order can only take; a limit order with a reservation can only have rested.
CREATE FUNCTION spot_fill_liquidity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_type smallint;
  reserved boolean;
BEGIN
  SELECT type, reservation_id IS NOT NULL INTO order_type, reserved
    FROM spot_orders WHERE id = NEW.order_id;
  IF NEW.liquidity <> (CASE WHEN reserved THEN 'maker' ELSE 'taker' END) THEN
    RAISE EXCEPTION 'spot fill of order % (type %) cannot be %', NEW.order_id, order_type,
      NEW.liquidity;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER spot_fills_liquidity AFTER INSERT ON spot_fills
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION spot_fill_liquidity();
