-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- The member answers cache (docs/decisions/member-answers-cache.md): every server process keeps
-- the answers of offers.php, user-stats.php and referral-stats.php it last sent, with the session that
-- was checked for them, and answers the next call from memory. Whatever changes what those calls show
-- of a member notifies the channel member_cache with the member's id (the catalogue's generation,
-- migration 0017, notifies 'c' for every member): each process drops that member's answers and
-- sessions when it hears it. Notifications are sent at commit (not at all on a rollback), once per
-- transaction and member (PostgreSQL folds identical payloads of one transaction).

-- The member row (their counters, free spins, block, name, referral code) and their sessions.
CREATE OR REPLACE FUNCTION member_cache_user()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM member_cache_notify(OLD.id);
  RETURN NULL;
END
$$;
