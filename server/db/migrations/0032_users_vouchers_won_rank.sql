-- The users list sorted by vouchers won (issue 36) walks an index instead of reading every member row.
-- `users.total_vouchers_won` stays unindexed so that a spin's write of its member row is a HOT update
-- (docs/decisions/spin-member-row-hot-update.md); this narrow mirror carries the index instead, kept
-- by a trigger in the same transaction as every change of the column (docs/decisions/vouchers-won-rank.md).
-- The trigger function is a repeatable definition (server/db/functions/user_vouchers_won_sync.sql).
CREATE TABLE IF NOT EXISTS "user_vouchers_won" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "total_vouchers_won" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_vouchers_won_rank_idx" ON "user_vouchers_won" ("total_vouchers_won", "user_id");
--> statement-breakpoint
INSERT INTO "user_vouchers_won" ("user_id", "total_vouchers_won")
  SELECT "id", "total_vouchers_won" FROM "users"
  ON CONFLICT ("user_id") DO UPDATE SET "total_vouchers_won" = EXCLUDED."total_vouchers_won";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_vouchers_won_sync() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER user_vouchers_won_insert
  AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION user_vouchers_won_sync();
--> statement-breakpoint
CREATE TRIGGER user_vouchers_won_update
  AFTER UPDATE OF total_vouchers_won ON users
  FOR EACH ROW WHEN (OLD.total_vouchers_won IS DISTINCT FROM NEW.total_vouchers_won)
  EXECUTE FUNCTION user_vouchers_won_sync();
