-- Honest prizes at stock-out (docs/product-rules.md#spins, "Stock-outs and owed vouchers").
--
--   * voucher_stock: which prize amounts have a code in stock, one row per amount. It is what the member
--     is shown (offers.php's odds, the spin's result panel); the spin itself decides on the vouchers
--     table (rewards_spin.sql). A flip of in_stock bumps the offers catalogue's generation (migration
--     0017), which notifies 'c', so every process's offers answers are dropped and the odds re-read.
--     Kept by refresh_voucher_stock (server/db/functions/), called by a restock (the triggers below) and
--     by the server after a spin that took the last code or drew an amount with none left.
--   * owed_vouchers: a win that lost the race for the last code of its amount. The spin counts as a win
--     (completion reward_type voucher_N, the counters); the code is assigned, oldest debt first and
--     exactly once, when that amount is restocked (assign_owed_vouchers, serialised per amount).
--
-- The trigger functions are repeatable definitions (server/db/functions/vouchers_restocked.sql,
-- vouchers_available_again.sql), created right after the migrations; the placeholders only let the
-- triggers be created here. rewards_spin, member_spin and member_spins return new columns: their old
-- definitions are dropped (CREATE OR REPLACE cannot change a result type) and re-created from their files.
CREATE TABLE IF NOT EXISTS "voucher_stock" (
  "amount" numeric(10, 2) PRIMARY KEY,
  "in_stock" boolean NOT NULL
);--> statement-breakpoint
INSERT INTO "voucher_stock" ("amount", "in_stock")
  SELECT DISTINCT "voucher_amount", true FROM "vouchers"
   WHERE "status" = 'available' AND ("expiry_date" IS NULL OR "expiry_date" >= current_date)
  ON CONFLICT ("amount") DO NOTHING;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "owed_vouchers" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users" ("id"),
  "spin_id" integer NOT NULL REFERENCES "spins" ("id"),
  "completion_id" integer REFERENCES "completions" ("id"),
  "offer_id" integer REFERENCES "offers" ("id"),
  "voucher_amount" numeric(10, 2) NOT NULL,
  "assignment_context" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "voucher_id" integer REFERENCES "vouchers" ("id"),
  "assigned_at" timestamp with time zone
);--> statement-breakpoint
-- One debt per spin, a code settles one debt.
CREATE UNIQUE INDEX IF NOT EXISTS "owed_vouchers_spin_key" ON "owed_vouchers" ("spin_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "owed_vouchers_voucher_key" ON "owed_vouchers" ("voucher_id");--> statement-breakpoint
-- The open debts of one amount, oldest first (the restock's queue; the console's needs-attention count).
CREATE INDEX IF NOT EXISTS "owed_vouchers_open_idx" ON "owed_vouchers" ("voucher_amount", "id")
  WHERE "voucher_id" IS NULL;--> statement-breakpoint
-- A member's debts (user-stats.php's list).
CREATE INDEX IF NOT EXISTS "owed_vouchers_user_idx" ON "owed_vouchers" ("user_id", "id");--> statement-breakpoint
DROP TRIGGER IF EXISTS "voucher_stock_in" ON "voucher_stock";--> statement-breakpoint
CREATE TRIGGER "voucher_stock_in"
  AFTER INSERT ON "voucher_stock"
  FOR EACH ROW WHEN (NEW.in_stock)
  EXECUTE FUNCTION bump_catalogue_generation();--> statement-breakpoint
DROP TRIGGER IF EXISTS "voucher_stock_flip" ON "voucher_stock";--> statement-breakpoint
CREATE TRIGGER "voucher_stock_flip"
  AFTER UPDATE ON "voucher_stock"
  FOR EACH ROW WHEN (OLD.in_stock IS DISTINCT FROM NEW.in_stock)
  EXECUTE FUNCTION bump_catalogue_generation();--> statement-breakpoint
-- A member's debts are part of user-stats.php's lists (member_stats_lists below): their stats key moves.
CREATE OR REPLACE FUNCTION member_stats_owed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_stats_touch(NEW.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "member_stats_owed_rows" ON "owed_vouchers";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "member_stats_owed_rows"
  AFTER INSERT OR UPDATE ON "owed_vouchers"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION member_stats_owed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION vouchers_restocked() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vouchers_available_again() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "vouchers_restocked" ON "vouchers";--> statement-breakpoint
CREATE TRIGGER "vouchers_restocked"
  AFTER INSERT ON "vouchers"
  REFERENCING NEW TABLE AS new_vouchers
  FOR EACH STATEMENT EXECUTE FUNCTION vouchers_restocked();--> statement-breakpoint
DROP TRIGGER IF EXISTS "vouchers_available_again" ON "vouchers";--> statement-breakpoint
CREATE TRIGGER "vouchers_available_again"
  AFTER UPDATE OF "status" ON "vouchers"
  FOR EACH ROW WHEN (NEW.status = 'available' AND OLD.status IS DISTINCT FROM 'available')
  EXECUTE FUNCTION vouchers_available_again();--> statement-breakpoint
-- user-stats.php's lists gain the member's open debts ('owed': amount, offer, since when).
CREATE OR REPLACE FUNCTION member_stats_lists(p_user integer) RETURNS json STABLE LANGUAGE plpgsql AS $$
BEGIN
  RETURN json_build_object(
    'completions', (select coalesce(json_agg(h), '[]') from (
        select o.title, o.category, coalesce(c.completed_at, c.created_at) as completed_at, v.voucher_code,
               v.voucher_brand, v.voucher_amount, c.reward_type, c.status, c.reversed_at, c.reversal_reason
          from completions c
          join offers o on o.id = c.offer_id
          left join vouchers v on v.id = c.voucher_id
         where c.user_id = p_user
           and (c.status = 'approved' or (c.status = 'reversed' and c.reversed_at > c.created_at))
         order by coalesce(c.reversed_at, c.completed_at) desc
         limit 100) h),
    'breakdown', (select coalesce(json_agg(b), '[]') from (
        select voucher_amount, voucher_brand, count(*)::int as count, sum(voucher_amount) as total_value
          from vouchers where assigned_to_user_id = p_user
         group by voucher_amount, voucher_brand
         order by voucher_amount desc, voucher_brand) b),
    'vouchers', (select coalesce(json_agg(x), '[]') from (
        select v.id as voucher_id, v.voucher_code, v.voucher_amount, v.voucher_brand, v.voucher_description,
               coalesce(o.title, 'Free Spin Bonus') as title, v.assigned_at, c.completed_at, v.assignment_context,
               v.voucher_terms, v.expiry_date, v.status
          from vouchers v
          left join completions c on c.id = v.completion_id
          left join offers o on o.id = c.offer_id
         where v.assigned_to_user_id = p_user
         order by v.assigned_at desc
         limit 200) x),
    'owed', (select coalesce(json_agg(w), '[]') from (
        select d.id as owed_id, d.voucher_amount, coalesce(o.title, 'Free Spin Bonus') as title,
               d.created_at as won_at, d.assignment_context
          from owed_vouchers d
          left join offers o on o.id = d.offer_id
         where d.user_id = p_user and d.voucher_id is null
         order by d.id desc
         limit 50) w));
END $$;--> statement-breakpoint
DROP FUNCTION IF EXISTS member_spins(text[], double precision[], double precision[], text[], integer[], text[], numeric[], text[], jsonb[], jsonb[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS member_spin(text, double precision, double precision, text, integer, text, numeric, text, jsonb, jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS rewards_spin(integer, text, integer, numeric, text, jsonb, jsonb);
