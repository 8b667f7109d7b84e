-- receive_approved_conversion now also returns what the server announces after its commit (its event
-- and the member's referrer: docs/decisions/announced-after-commit.md). Its new definition
-- (server/db/functions/receive_approved_conversion.sql) is created right after the migrations; the old
-- one, with other columns, cannot be replaced in place.
DROP FUNCTION IF EXISTS receive_approved_conversion(integer, integer, text, text, text, numeric, text, integer, text, text, jsonb, text, text, text, text, integer, text, jsonb);
