-- pgbench script: slot-spin.php's statement (member_spin: the session check, then rewards_spin) for a
-- random member of a database seeded as `npm run bench` seeds it, the session hash looked up by member
-- (that lookup, about 13 µs, is the script's, not the server's). Run with
--   pgbench -n -M prepared -c 10 -j 2 -T 8 -f member_spin.sql DB
\set uid random(1, 2000)
\set r random(1, 100)
select * from member_spin((select id_hash from sessions where user_id = :uid limit 1), 2592000, 86400, 'free', null, null, case when :r <= 20 then 10 when :r <= 50 then 5 else 0 end, 'voucher', '[1,1,1]'::jsonb, '[1,2,3]'::jsonb);
