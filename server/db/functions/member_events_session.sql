-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- A member session ended (logout, a new sign-in replacing it, a block, the purge of expired ones):
-- every server process ends the event streams opened with it. Internal to the servers, never sent to
-- a browser. The session is named by the first 16 hex digits of its keyed hash (what the stream
-- computes from its cookie), not by the whole database key.
CREATE OR REPLACE FUNCTION member_events_session()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('member_events', json_build_object(
    'id', pg_current_xact_id()::text || '-s' || left(OLD.id_hash, 16),
    'type', 'session_end',
    'user', OLD.user_id,
    'session', left(OLD.id_hash, 16))::text);
  RETURN NULL;
END
$$;
