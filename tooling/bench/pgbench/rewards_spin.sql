-- pgbench script: one free spin of a random member straight through rewards_spin (no session check,
-- no HTTP), the draw made here with the bench's table (20 % ten, 30 % five). Members 1-2000 of a
-- database seeded as `npm run bench` seeds it; run with
--   PGOPTIONS='-c rewards.cache_announced_by_server=on' pgbench -n -M prepared -c 10 -j 2 -T 8 -f rewards_spin.sql DB
-- (the setting member_spin makes in its transaction, so that the triggers leave the announcement to the server).
\set uid random(1, 2000)
\set r random(1, 100)
select * from rewards_spin(:uid, 'free', null, case when :r <= 20 then 10 when :r <= 50 then 5 else 0 end, 'voucher', '[1,1,1]'::jsonb, '[1,2,3]'::jsonb);
