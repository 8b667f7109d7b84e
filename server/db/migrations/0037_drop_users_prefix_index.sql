-- The registrations from an address prefix are read from `member_links` (its primary key: kind, value,
-- registration time; migration 0035) by the full evidence and the review queue's linked accounts, as the
-- receiver's gate already did: the index on `users` was written by every registration with an address
-- and read by nothing else (docs/decisions/member-links.md).
DROP INDEX IF EXISTS "users_registration_prefix_idx";
