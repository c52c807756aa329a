-- A rejected spot order keeps why as data beside its English reason: the refusal code and its
-- params (protocol/refusals.ts), so the app words it in the user's language without reading the
-- sentence. Rows rejected before this column existed get theirs from their reason's sentence,
-- which protocol/spot-rules.ts wrote in one of three shapes.
ALTER TABLE spot_orders ADD COLUMN reason_code text;
ALTER TABLE spot_orders ADD COLUMN reason_params jsonb;
ALTER TABLE spot_orders ADD CHECK ((reason_code IS NULL) = (reason_params IS NULL));
ALTER TABLE spot_orders ADD CHECK (reason_code IS NULL OR reason IS NOT NULL);

UPDATE spot_orders o
SET reason_code = 'BOOK_EMPTY',
    reason_params = jsonb_build_object('symbol', m[1], 'side', m[2])
FROM (
  SELECT id, regexp_match(reason, '^The order book of ([A-Z0-9]+/[A-Z0-9]+) has no (ask|bid)s$') AS m
  FROM spot_orders WHERE status = 'rejected' AND reason IS NOT NULL
) r
WHERE o.id = r.id AND r.m IS NOT NULL;

UPDATE spot_orders o
SET reason_code = 'BOOK_TOO_THIN',
    reason_params = jsonb_build_object('held', m[1], 'base', m[2], 'side', m[3], 'needed', m[4])
FROM (
  SELECT id, regexp_match(reason,
    '^The order book holds only (\d+(?:\.\d+)?) ([A-Z0-9]+) on the (ask|bid) side; this order needs (\d+(?:\.\d+)?)$') AS m
  FROM spot_orders WHERE status = 'rejected' AND reason IS NOT NULL
) r
WHERE o.id = r.id AND r.m IS NOT NULL;

UPDATE spot_orders o
SET reason_code = 'SLIPPAGE_EXCEEDED',
    reason_params = jsonb_build_object(
      'average', m[1], 'worsePercent', m[2],
      'side', CASE WHEN m[3] = 'above the best ask' THEN 'ask' ELSE 'bid' END,
      'best', m[4], 'capPercent', m[5])
FROM (
  SELECT id, regexp_match(reason,
    '^The average price (\d+(?:\.\d+)?) would be (\d+(?:\.\d+)?) % (above the best ask|below the best bid) (\d+(?:\.\d+)?); market orders fill within (\d+(?:\.\d+)?) % of the best price$') AS m
  FROM spot_orders WHERE status = 'rejected' AND reason IS NOT NULL
) r
WHERE o.id = r.id AND r.m IS NOT NULL;
