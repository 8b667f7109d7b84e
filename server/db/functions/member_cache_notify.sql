-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- The member answers cache's notification of one member (member_cache_user.sql says what it is for),
-- sent by its triggers and by member_stats_touch (migration 0020). Not sent in a spin's transaction:
-- the server announces a spin after its commit (member_spin.sql sets rewards.cache_announced_by_server).
CREATE OR REPLACE FUNCTION member_cache_notify(p_user integer)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF p_user IS NOT NULL AND current_setting('rewards.cache_announced_by_server', true) IS DISTINCT FROM 'on' THEN
    PERFORM pg_notify('member_cache', p_user::text);
  END IF;
END
$$;
