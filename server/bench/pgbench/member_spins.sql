-- pgbench script: eight slot-spin.php calls in one member_spins statement (what MemberSpinQueue sends
-- under load: docs/decisions.md "Spins under load share a commit"), for eight consecutive members of a
-- database seeded as `npm run bench` seeds it; the draws are fixed at the bench table's mix (two ₹10,
-- two ₹5, four misses). Each transaction is eight spins: compare its tps x 8 with member_spin.sql's tps.
--   pgbench -n -M prepared -c 10 -j 2 -T 8 -f member_spins.sql DB
\set uid random(1, 1993)
select * from member_spins(
  (select array_agg(h order by u) from (select distinct on (user_id) user_id as u, id_hash as h from sessions where user_id between :uid and :uid + 7 order by user_id) s),
  array_fill(2592000::float8, array[8]), array_fill(86400::float8, array[8]),
  array_fill('free'::text, array[8]), array_fill(null::integer, array[8]), array_fill(null::text, array[8]),
  array[10, 0, 5, 0, 10, 0, 5, 0]::numeric[], array_fill('voucher'::text, array[8]),
  array_fill('[1,1,1]'::jsonb, array[8]), array_fill('[1,2,3]'::jsonb, array[8]));
