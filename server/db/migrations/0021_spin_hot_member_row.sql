-- A spin's write of its member row as a HOT update (docs/decisions/spin-member-row-hot-update.md):
-- PostgreSQL then writes no index entry for it, where a write that changes an indexed
-- column adds one to each of the 16 indexes of users (three of them trigram indexes). A spin changes
-- free_spins_remaining, spins_used and total_voucher_value (none indexed), last_activity (indexed, now
-- written by a spin at most once a minute: rewards_spin.sql) and, on a win, total_vouchers_won, whose
-- index goes: the console's sort by vouchers won reads the users in a top-N sort instead
-- (docs/benchmarks.md, "Admin API"). A HOT update also needs room on the row's page: users' pages are
-- filled to 80 % from now on (existing pages as they are rewritten).
ALTER TABLE "users" SET (fillfactor = 80);--> statement-breakpoint
DROP INDEX IF EXISTS "users_total_vouchers_won_idx";
