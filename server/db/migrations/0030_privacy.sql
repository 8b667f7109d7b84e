-- The privacy centre (issue 37, item 5; docs/operations.md, "Deleted accounts").
--
--   * users.deleted_at: when the member deleted their account. The row stays, erased, as the anonymous
--     id the money and partners' rows (conversions, spins, vouchers, clawbacks, owed vouchers, claims,
--     referrals, the audit log) still point to; firebase_uid is null, so the same Google account signing
--     in again starts a new member. A deleted member is also blocked (is_suspicious), so a postback or
--     a spin that raced the deletion grants nothing (server/privacy/service.ts).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;
