-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Keeps `member_links` (migration 0035) equal to the member row's registration device, address prefix,
-- normalised email and registration time: fired after a member row is inserted, after an update that
-- changes one of them (an account's deletion clears them) and after a member row is deleted (an
-- under-18 sign-up's), in the same transaction. When the
-- member's device or email is another member's too, marks every member of that group `links_shared`
-- (docs/decisions/member-links.md), and marks `address_crowded` the members whose prefix may count.
-- The group's row in `member_link_groups` orders two registrations of one device, email or prefix:
-- the second one waits for the first one's commit, then sees its row.
CREATE OR REPLACE FUNCTION member_links_sync()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  k record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- The old row's links by their primary key, and a device, email or prefix no member has any more
    -- leaves no trace (an erased or deleted account's).
    DELETE FROM member_links m
     USING (VALUES ('d'::text, OLD.registration_fingerprint), ('p'::text, OLD.registration_prefix),
                   ('e'::text, OLD.email_normalised)) AS l(kind, value)
     WHERE m.kind = l.kind AND m.value = l.value AND m.registered_at = OLD.registration_date AND m.user_id = OLD.id;
    DELETE FROM member_link_groups g
     USING (VALUES ('d'::text, OLD.registration_fingerprint), ('p'::text, OLD.registration_prefix),
                   ('e'::text, OLD.email_normalised)) AS l(kind, value)
     WHERE l.value IS NOT NULL AND g.key = hashtextextended(l.kind || ':' || l.value, 0)
       AND NOT EXISTS (SELECT 1 FROM member_links m WHERE m.kind = l.kind AND m.value = l.value);
    IF TG_OP = 'DELETE' THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO member_links (kind, value, registered_at, user_id)
  SELECT l.kind, l.value, NEW.registration_date, NEW.id
    FROM (VALUES ('d'::text, NEW.registration_fingerprint),
                 ('p'::text, NEW.registration_prefix),
                 ('e'::text, NEW.email_normalised)) AS l(kind, value)
   WHERE l.value IS NOT NULL;
  FOR k IN SELECT * FROM (VALUES ('d'::text, NEW.registration_fingerprint),
                                 ('e'::text, NEW.email_normalised)) AS l(kind, value)
            WHERE l.value IS NOT NULL
  LOOP
    INSERT INTO member_link_groups (key) VALUES (hashtextextended(k.kind || ':' || k.value, 0))
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN -- the device or email was in use already
      UPDATE users SET links_shared = true
       WHERE NOT links_shared
         AND id IN (SELECT user_id FROM member_links WHERE kind = k.kind AND value = k.value);
    END IF;
  END LOOP;
  -- The address prefix: a row lock on its group row orders two registrations of one prefix, so the
  -- second one's count sees the first one's row. A group row this insert creates is a prefix no other
  -- member has (a concurrent registration of it waits for this one's commit): nothing to count.
  -- 5: SIGNAL_WINDOWS' allowance of 3 others plus the member and one more, which is also its burst of
  -- 5 sign-ups within an hour.
  IF NEW.registration_prefix IS NOT NULL THEN
    INSERT INTO member_link_groups (key) VALUES (hashtextextended('p:' || NEW.registration_prefix, 0))
      ON CONFLICT DO NOTHING;
    IF FOUND THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM member_link_groups WHERE key = hashtextextended('p:' || NEW.registration_prefix, 0) FOR UPDATE;
    IF (SELECT count(*) FROM member_links
         WHERE kind = 'p' AND value = NEW.registration_prefix
           AND registered_at BETWEEN NEW.registration_date - interval '60 days'
                                 AND NEW.registration_date + interval '60 days') >= 5 THEN
      UPDATE users SET address_crowded = true
       WHERE NOT address_crowded
         AND id IN (SELECT user_id FROM member_links
                     WHERE kind = 'p' AND value = NEW.registration_prefix
                       AND registered_at BETWEEN NEW.registration_date - interval '30 days'
                                             AND NEW.registration_date + interval '30 days');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
