-- Voucher brands' redeem settings (issue 35, item 7): the link where a brand's codes are redeemed and
-- the steps to redeem them, set in the console's Brands page; keyed by the brand's name as vouchers
-- spell it (compared without regard to case).
CREATE TABLE IF NOT EXISTS "brand_settings" (
  "brand" text PRIMARY KEY,
  "redeem_url" text,
  "redeem_steps" text,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  "updated_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "brand_settings_lower_key" ON "brand_settings" (lower("brand"));
