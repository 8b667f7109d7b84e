-- Issue 36: the console's timelines read one record's history newest first. The audit log's entries
-- about one record (a member's blocks and their reasons, an offer's or a network's activations), and
-- the claims on one click (the click's detail view).
CREATE INDEX IF NOT EXISTS "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type", "target_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "claims_click_idx" ON "claims" USING btree ("click_id");
